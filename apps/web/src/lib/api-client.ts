import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { clearToken, getToken, setToken } from './auth-storage';

/**
 * The one HTTP client. Same origin, cookies included, X-XSRF-TOKEN echoed from the XSRF-TOKEN
 * cookie on every request (axios does the double submit), Bearer token from local storage.
 * A 401 triggers one refresh (shared by concurrent requests) and one retry; if the refresh
 * fails the user is signed out.
 */
export const api = axios.create({
  baseURL: '/',
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
});

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

type Retryable = InternalAxiosRequestConfig & { _retried?: boolean };
const NO_REFRESH = ['/api/users/login', '/api/users/refresh', '/api/users/logout'];

let refreshing: Promise<string | null> | null = null;
let onSignedOut: () => void = () => {
  if (typeof window !== 'undefined') window.location.assign('/login');
};

/** Lets the app decide where a user goes when the session cannot be renewed. */
export const setSignedOutHandler = (handler: () => void) => {
  onSignedOut = handler;
};

export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= api
    .post<{ token: string }>('/api/users/refresh')
    .then((res) => {
      setToken(res.data.token);
      return res.data.token;
    })
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

api.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as Retryable | undefined;
  const url = config?.url ?? '';
  if (error.response?.status !== 401 || !config || config._retried || NO_REFRESH.some((p) => url.includes(p)) || !getToken()) {
    throw error;
  }
  config._retried = true;
  const token = await refreshAccessToken();
  if (!token) {
    clearToken();
    onSignedOut();
    throw error;
  }
  config.headers.set('Authorization', `Bearer ${token}`);
  return api.request(config);
});

/** The server's {"message"} when there is one. */
export const serverMessage = (error: unknown): string | undefined => {
  const data = (error as AxiosError<{ message?: unknown }>)?.response?.data;
  return typeof data?.message === 'string' ? data.message : undefined;
};
