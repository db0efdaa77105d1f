import { takeEarly } from './early-requests';

/**
 * The staff pages' HTTP transport: what they used of axios, on `fetch`, and on XMLHttpRequest when
 * an upload reports its progress (fetch cannot). Same origin, cookies included, the XSRF-TOKEN
 * cookie echoed in X-XSRF-TOKEN (the double submit), JSON in and out, a time limit per request, and
 * one error type whose `code` tells an answer from a time-out, a dropped connection and a cancel.
 * Authorisation, renewal and activity are the api client's (lib/api-client.ts).
 */

export interface UploadProgress {
  loaded: number;
  total?: number;
}

export interface RequestConfig {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url?: string;
  /** Query parameters; undefined values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  /** A FormData body goes as multipart, anything else as JSON. */
  data?: unknown;
  signal?: AbortSignal;
  /** Milliseconds; 0 or none waits as long as the browser does. */
  timeout?: number;
  responseType?: 'json' | 'blob';
  onUploadProgress?: (event: UploadProgress) => void;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  config: RequestConfig;
}

/** Why a request failed: an answer outside 2xx, no answer in time, no answer at all, or cancelled. */
export type HttpErrorCode = 'ERR_BAD_RESPONSE' | 'ECONNABORTED' | 'ERR_NETWORK' | 'ERR_CANCELED';

export class HttpError<T = unknown> extends Error {
  constructor(
    message: string,
    readonly code: HttpErrorCode,
    readonly config: RequestConfig,
    readonly response?: HttpResponse<T>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const isHttpError = <T = unknown>(error: unknown): error is HttpError<T> => error instanceof HttpError;
export const isCanceled = (error: unknown): boolean => isHttpError(error) && error.code === 'ERR_CANCELED';

/** Sends one prepared request and answers whatever the server said, or throws an HttpError without a response. */
export type Transport = (config: RequestConfig & { method: string; url: string }) => Promise<Omit<HttpResponse, 'config'>>;

/** What every call accepts, as axios sent it; the shell's early requests send the same (ADR 0057). */
export const ACCEPT = 'application/json, text/plain, */*';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

const readCookie = (name: string): string | undefined => {
  if (typeof document === 'undefined') return undefined;
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  if (pair === undefined) return undefined;
  const value = pair.slice(name.length + 1);
  try {
    return decodeURIComponent(value);
  } catch {
    // A value that is not valid percent-encoding is sent as it is; the server then refuses it.
    return value;
  }
};

/** The URL with its query: the path as given, parameters encoded, undefined and null ones left out. */
export function requestUrl(config: RequestConfig): string {
  const url = config.url ?? '/';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(config.params ?? {}))
    if (value !== undefined && value !== null) query.append(key, String(value));
  const search = query.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** Headers as sent: the caller's, the XSRF echo, and a JSON content type for a JSON body. */
export function requestHeaders(config: RequestConfig): Record<string, string> {
  const headers: Record<string, string> = { Accept: ACCEPT, ...config.headers };
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf !== undefined) headers[XSRF_HEADER] = xsrf;
  if (config.data !== undefined && !(config.data instanceof FormData)) headers['Content-Type'] = 'application/json';
  return headers;
}

const requestBody = (data: unknown): BodyInit | undefined =>
  data === undefined ? undefined : data instanceof FormData ? data : JSON.stringify(data);

/** The body as the caller asked: a Blob, parsed JSON when the server sent JSON, or the text. */
async function readBody(body: { blob(): Promise<Blob>; text(): Promise<string> }, contentType: string, asBlob: boolean): Promise<unknown> {
  if (asBlob) return body.blob();
  const text = await body.text();
  if (!contentType.includes('json') || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const timeoutError = (config: RequestConfig) => new HttpError(`timeout of ${config.timeout ?? 0}ms exceeded`, 'ECONNABORTED', config);
const networkError = (config: RequestConfig) => new HttpError('Network Error', 'ERR_NETWORK', config);
const canceledError = (config: RequestConfig) => new HttpError('canceled', 'ERR_CANCELED', config);

/** The promise, or a rejection as soon as the signal aborts (an early request cannot be cancelled). */
const untilAborted = <T>(promise: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('aborted', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });

const fetchTransport: Transport = async (config) => {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  config.signal?.addEventListener('abort', onAbort);
  const timer = config.timeout ? setTimeout(() => ((timedOut = true), controller.abort()), config.timeout) : undefined;
  try {
    if (config.signal?.aborted) throw canceledError(config);
    const url = requestUrl(config);
    const headers = requestHeaders(config);
    const send = () =>
      fetch(url, { method: config.method, headers, body: requestBody(config.data), credentials: 'same-origin', signal: controller.signal });
    // An early request that did not get through is sent again, as if it had never been started.
    const early = takeEarly(config.method, url, headers);
    const res = early ? await untilAborted(early.catch(send), controller.signal) : await send();
    // Read by iterating here, not through forEach: the browser calls a forEach callback once a
    // header, from outside the script, and a profiler (Lighthouse's among them) charges each call.
    const answer: Record<string, string> = Object.fromEntries(res.headers);
    const asBlob = config.responseType === 'blob' && res.ok;
    return { status: res.status, headers: answer, data: await readBody(res, answer['content-type'] ?? '', asBlob) };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (timedOut) throw timeoutError(config);
    if (config.signal?.aborted) throw canceledError(config);
    throw networkError(config);
  } finally {
    clearTimeout(timer);
    config.signal?.removeEventListener('abort', onAbort);
  }
};

/** XMLHttpRequest, for the one thing fetch cannot tell: how much of the body has gone out. */
const xhrTransport: Transport = (config) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(config.method, requestUrl(config));
    for (const [name, value] of Object.entries(requestHeaders(config))) xhr.setRequestHeader(name, value);
    xhr.timeout = config.timeout ?? 0;
    xhr.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    xhr.upload.onprogress = (e) => config.onUploadProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    const onAbort = () => xhr.abort();
    config.signal?.addEventListener('abort', onAbort);
    const done = () => config.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const headers: Record<string, string> = {};
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const raw: unknown = xhr.response;
      const body = raw instanceof Blob ? raw : new Blob([typeof raw === 'string' ? raw : '']);
      const asBlob = config.responseType === 'blob' && xhr.status >= 200 && xhr.status < 300;
      readBody({ blob: () => Promise.resolve(body), text: () => body.text() }, headers['content-type'] ?? '', asBlob).then(
        (data) => resolve({ status: xhr.status, headers, data }),
        reject,
      );
    };
    xhr.onerror = () => (done(), reject(networkError(config)));
    xhr.ontimeout = () => (done(), reject(timeoutError(config)));
    xhr.onabort = () => (done(), reject(canceledError(config)));
    if (config.signal?.aborted) return xhr.abort();
    xhr.send(requestBody(config.data) as XMLHttpRequestBodyInit | undefined);
  });

/** The default transport: fetch, or XMLHttpRequest when the caller follows the upload. */
export const browserTransport: Transport = (config) => (config.onUploadProgress ? xhrTransport(config) : fetchTransport(config));

/** Runs a request on `transport` and throws an HttpError for an answer outside 2xx. */
export async function send<T>(transport: Transport, config: RequestConfig): Promise<HttpResponse<T>> {
  const prepared = { ...config, method: config.method ?? 'GET', url: config.url ?? '/' };
  const answer = await transport(prepared);
  const response = { ...answer, config } as HttpResponse<T>;
  if (answer.status >= 200 && answer.status < 300) return response;
  throw new HttpError(`Request failed with status code ${answer.status}`, 'ERR_BAD_RESPONSE', config, response);
}
