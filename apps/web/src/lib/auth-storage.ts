/** The access token lives in local storage (ADR 0005); the refresh token never leaves its httpOnly cookie. */
export const TOKEN_KEY = 'token';
const SESSION_COOKIE = 'session';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

export const getToken = (): string | null => storage()?.getItem(TOKEN_KEY) ?? null;
export const setToken = (token: string) => storage()?.setItem(TOKEN_KEY, token);
export const clearToken = () => storage()?.removeItem(TOKEN_KEY);
export const hasToken = () => Boolean(getToken());

/** The script-readable marker cookie that lives as long as the refresh cookie. */
export const hasSessionCookie = () =>
  typeof document !== 'undefined' && document.cookie.split('; ').some((c) => c.startsWith(`${SESSION_COOKIE}=`));
