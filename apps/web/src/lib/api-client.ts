import { type ApiUrl, apiUrl } from '@visa/shared/api-paths';
import { BACKGROUND_HEADER, BACKGROUND_VALUE, type SessionEndReason, isSessionEndReason } from '@visa/shared/session-rules';
import { clearToken, getToken, setToken } from './auth-storage';
import { type HttpResponse, type RequestConfig, type Transport, browserTransport, isHttpError, send } from './http';

export { type HttpResponse, type RequestConfig, type UploadProgress, HttpError, isCanceled, isHttpError } from './http';

/**
 * For calls the app makes by itself (session checks, polling): the server does not count them as
 * the person's activity, so they never keep an idle session alive (ADR 0018).
 */
export const BACKGROUND: RequestConfig = { headers: { [BACKGROUND_HEADER]: BACKGROUND_VALUE } };
const isBackground = (config: RequestConfig) => config.headers?.[BACKGROUND_HEADER] === BACKGROUND_VALUE;

/** Signing in and out, and renewing itself: a 401 from these is their answer, not a token to renew. */
const NO_REFRESH: string[] = [apiUrl('login'), apiUrl('refreshSession'), apiUrl('logout')];

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
  const data = isHttpError<{ reason?: unknown }>(error) ? error.response?.data : undefined;
  return isSessionEndReason(data?.reason) ? data.reason : undefined;
};

/** A new access token, or why the session could not be renewed (ended, or unknown: expired). */
function refreshAccessToken(): Promise<Renewal> {
  refreshing ??= api
    .post<{ token: string }>(apiUrl('refreshSession'))
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

const withToken = (config: RequestConfig, token: string | null): RequestConfig =>
  token && !config.headers?.Authorization ? { ...config, headers: { ...config.headers, Authorization: `Bearer ${token}` } } : config;

/**
 * Sends with the staff token; a 401 triggers one refresh (shared by concurrent requests) and one
 * retry; if the refresh fails, or the server says the session has ended, the user is signed out.
 */
async function request<T>(config: RequestConfig): Promise<HttpResponse<T>> {
  const signed = withToken(config, getToken());
  try {
    const response = await send<T>(api.transport, signed);
    if (signed.headers?.Authorization && !isBackground(config)) for (const listener of activityListeners) listener();
    return response;
  } catch (error) {
    const url = config.url ?? '';
    if (!isHttpError(error) || error.response?.status !== 401 || NO_REFRESH.some((p) => url.includes(p)) || !getToken()) throw error;
    // The session itself has ended (idle, expired, elsewhere...): renewing cannot help.
    const reason = sessionEndReason(error);
    if (reason) {
      ended(reason);
      throw error;
    }
    const renewed = await refreshAccessToken();
    if ('reason' in renewed) {
      ended(renewed.reason);
      throw error;
    }
    const response = await send<T>(api.transport, { ...config, headers: { ...config.headers, Authorization: `Bearer ${renewed.token}` } });
    if (!isBackground(config)) for (const listener of activityListeners) listener();
    return response;
  }
}

type Options = Omit<RequestConfig, 'method' | 'url' | 'data'>;

/**
 * The one HTTP client of the staff pages. `transport` is the network (tests put the API in-process
 * there). Each method takes an address of the route table (apiUrl) whose route has that method.
 */
export const api = {
  transport: browserTransport as Transport,
  get: <T = unknown>(url: ApiUrl<'GET'>, options: Options = {}) => request<T>({ ...options, method: 'GET', url }),
  delete: <T = unknown>(url: ApiUrl<'DELETE'>, options: Options = {}) => request<T>({ ...options, method: 'DELETE', url }),
  post: <T = unknown>(url: ApiUrl<'POST'>, data?: unknown, options: Options = {}) => request<T>({ ...options, method: 'POST', url, data }),
  put: <T = unknown>(url: ApiUrl<'PUT'>, data?: unknown, options: Options = {}) => request<T>({ ...options, method: 'PUT', url, data }),
  patch: <T = unknown>(url: ApiUrl<'PATCH'>, data?: unknown, options: Options = {}) =>
    request<T>({ ...options, method: 'PATCH', url, data }),
};

/** A request that ran out of time (its timeout), rather than one the server answered or refused. */
export const isTimeout = (error: unknown): boolean => isHttpError(error) && error.code === 'ECONNABORTED';

/**
 * The request got no answer: the connection dropped or the time ran out (not cancelled on purpose).
 * The upload forms keep what was entered and offer to send it again (ADR 0026).
 */
export const isDroppedConnection = (error: unknown): boolean => isHttpError(error) && !error.response && error.code !== 'ERR_CANCELED';

/** The server's {"message"} when there is one. */
export const serverMessage = (error: unknown): string | undefined => {
  const data = isHttpError<{ message?: unknown } | null>(error) ? error.response?.data : undefined;
  return typeof data?.message === 'string' ? data.message : undefined;
};

/** The API's refusal: its message, and each field's own message by the field's path. */
export function refusalOf(error: unknown): { message: string | undefined; fields: Record<string, string> } {
  const data = isHttpError<{ message?: unknown; errors?: { path?: unknown; message?: unknown }[] } | null>(error)
    ? error.response?.data
    : undefined;
  const fields: Record<string, string> = {};
  for (const e of data?.errors ?? [])
    if (typeof e.path === 'string' && typeof e.message === 'string' && !(e.path in fields)) fields[e.path] = e.message;
  return { message: typeof data?.message === 'string' ? data.message : undefined, fields };
}

/**
 * The server's reason for refusing what the user sent, when it gave one: a 4xx other than 401
 * (which means signed out, not a mistake in the form).
 */
export const refusalMessage = (error: unknown): string | undefined => {
  const status = isHttpError(error) ? error.response?.status : undefined;
  return status !== undefined && status >= 400 && status < 500 && status !== 401 ? serverMessage(error) : undefined;
};
