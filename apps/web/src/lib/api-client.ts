import axios, { type AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig, isAxiosError } from 'axios';
import { BACKGROUND_HEADER, BACKGROUND_VALUE, type SessionEndReason, SessionEndReasonSchema } from '@visa/shared/session';
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

/**
 * For calls the app makes by itself (session checks, polling): the server does not count them as
 * the person's activity, so they never keep an idle session alive (ADR 0018).
 */
export const BACKGROUND: AxiosRequestConfig = { headers: { [BACKGROUND_HEADER]: BACKGROUND_VALUE } };
const isBackground = (config: InternalAxiosRequestConfig) => config.headers.get(BACKGROUND_HEADER) === BACKGROUND_VALUE;

type Retryable = InternalAxiosRequestConfig & { _retried?: boolean };
const NO_REFRESH = ['/api/users/login', '/api/users/refresh', '/api/users/logout'];

type Renewal = { token: string } | { reason: SessionEndReason };
let refreshing: Promise<Renewal> | null = null;
let onSignedOut: (reason: SessionEndReason) => void = (reason) => {
  if (typeof window !== 'undefined') window.location.assign(`/login?reason=${reason}`);
};

/** Lets the app decide where a user goes when the session has ended or cannot be renewed, and say why. */
export const setSignedOutHandler = (handler: (reason: SessionEndReason) => void) => {
  onSignedOut = handler;
};

const activityListeners = new Set<() => void>();
/** Called after each signed-in call the person made succeeds: the server counted it as activity. */
export const onActivity = (listener: () => void) => {
  activityListeners.add(listener);
  return () => {
    activityListeners.delete(listener);
  };
};

/** The `reason` of a 401 for a session that has ended, when the server gave a known one. */
const sessionEndReason = (error: unknown): SessionEndReason | undefined => {
  const data = (error as AxiosError<{ reason?: unknown }>)?.response?.data;
  return SessionEndReasonSchema.safeParse(data?.reason).data;
};

/** A new access token, or why the session could not be renewed (ended, or unknown: expired). */
function refreshAccessToken(): Promise<Renewal> {
  refreshing ??= api
    .post<{ token: string }>('/api/users/refresh')
    .then((res) => {
      setToken(res.data.token);
      return { token: res.data.token };
    })
    .catch((error: unknown) => ({ reason: sessionEndReason(error) ?? 'expired' }))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

const ended = (reason: SessionEndReason) => {
  clearToken();
  onSignedOut(reason);
};

api.interceptors.response.use(
  (response) => {
    if (response.config.headers.has('Authorization') && !isBackground(response.config))
      for (const listener of activityListeners) listener();
    return response;
  },
  async (error: AxiosError) => {
    const config = error.config as Retryable | undefined;
    const url = config?.url ?? '';
    if (error.response?.status !== 401 || !config || NO_REFRESH.some((p) => url.includes(p)) || !getToken()) throw error;
    // The session itself has ended (idle, expired, elsewhere...): renewing cannot help.
    const reason = sessionEndReason(error);
    if (reason) {
      ended(reason);
      throw error;
    }
    if (config._retried) throw error;
    config._retried = true;
    const renewed = await refreshAccessToken();
    if ('reason' in renewed) {
      ended(renewed.reason);
      throw error;
    }
    config.headers.set('Authorization', `Bearer ${renewed.token}`);
    return api.request(config);
  },
);

/** A request that ran out of time (its timeout), rather than one the server answered or refused. */
export const isTimeout = (error: unknown): boolean => isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');

/**
 * The request got no answer: the connection dropped or the time ran out (not cancelled on purpose).
 * The upload forms keep what was entered and offer to send it again (ADR 0026).
 */
export const isDroppedConnection = (error: unknown): boolean => isAxiosError(error) && !error.response && error.code !== 'ERR_CANCELED';

/** The server's {"message"} when there is one. */
export const serverMessage = (error: unknown): string | undefined => {
  const data = (error as AxiosError<{ message?: unknown }>)?.response?.data;
  return typeof data?.message === 'string' ? data.message : undefined;
};

/**
 * The server's reason for refusing what the user sent, when it gave one: a 4xx other than 401
 * (which means signed out, not a mistake in the form).
 */
export const refusalMessage = (error: unknown): string | undefined => {
  const status = (error as AxiosError | null)?.response?.status;
  return status !== undefined && status >= 400 && status < 500 && status !== 401 ? serverMessage(error) : undefined;
};
