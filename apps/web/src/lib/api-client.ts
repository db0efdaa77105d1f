import axios, { type AxiosError, type InternalAxiosRequestConfig, isAxiosError } from 'axios';
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

function refreshAccessToken(): Promise<string | null> {
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

/** A request that ran out of time (its timeout), rather than one the server answered or refused. */
export const isTimeout = (error: unknown): boolean => isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');

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
