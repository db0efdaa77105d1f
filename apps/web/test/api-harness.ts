import type { Role } from '@visa/shared/constants';
import { AxiosError, AxiosHeaders, type AxiosResponse, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import { type TestApp, createTestApp } from '../../api/test/support/test-app';
import { api } from '../src/lib/api-client';
import { setToken } from '../src/lib/auth-storage';

// jsdom installs its own typed-array constructors as globals, so a Node Buffer is not an
// `instanceof Uint8Array` there and jose (token signing in the API) refuses its keys. The API runs
// in this same process, so Node's own constructor is put back for the whole test file.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;

/**
 * What the network does instead of reaching the API, for the failures our code cannot cause:
 * no answer, a timeout, an abort, a failure before sending, or a broken proxy answering for the
 * server (e.g. a 502, or a 200 captive-portal page).
 */
export type NetworkFault = 'network-error' | 'timeout' | 'aborted' | 'setup-error' | 'hang' | { proxyStatus: number; body?: unknown };

export interface SentRequest {
  method: string;
  url: string;
  data: unknown;
  timeout: number | undefined;
  headers: Record<string, unknown>;
  /** The API's status, or the fault that stood in for it. */
  outcome: number | string;
}

export interface ApiHarness {
  t: TestApp;
  /** Creates a staff account on the real API and stores its token as a signed-in browser would. */
  signIn(role?: Role, overrides?: { name?: string; email?: string }): Promise<Awaited<ReturnType<TestApp['createStaff']>>>;
  /** The next calls to `METHOD /path` meet these faults, in order; later calls reach the API again. */
  fault(key: string, ...faults: NetworkFault[]): void;
  /** Every request the app sent, oldest first. */
  sent: SentRequest[];
  sentTo(key: string): SentRequest[];
  /** Forgets cookies, faults and recorded requests (call in beforeEach). */
  reset(): void;
  close(): Promise<void>;
}

const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * The real API (fresh migrated database, real argon2, real sessions) behind the app's own axios
 * client. Only the transport differs: requests go through Fastify's inject instead of a socket.
 * Cookies behave as in a browser: httpOnly ones (the refresh token) live in a jar the page cannot
 * read, the others (the session marker) land in document.cookie where the app looks for them.
 */
export async function startApiHarness(): Promise<ApiHarness> {
  const t = await createTestApp();
  const jar = new Map<string, { value: string; path: string }>();
  const faults = new Map<string, NetworkFault[]>();
  const sent: SentRequest[] = [];

  const storeCookies = (cookies: { name: string; value: string; path?: string; httpOnly?: boolean; maxAge?: number; expires?: Date }[]) => {
    for (const c of cookies) {
      if (c.name === XSRF_COOKIE) continue;
      const gone = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (c.httpOnly) {
        if (gone) jar.delete(c.name);
        else jar.set(c.name, { value: c.value, path: c.path ?? '/' });
      } else {
        document.cookie = gone ? `${c.name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/` : `${c.name}=${c.value}; path=/`;
      }
    }
  };

  const cookiesFor = (url: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const pair of document.cookie.split('; ')) {
      const [name, ...rest] = pair.split('=');
      if (name && name !== XSRF_COOKIE) out[name] = rest.join('=');
    }
    for (const [name, c] of jar) if (url.startsWith(c.path)) out[name] = c.value;
    return out;
  };

  api.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = api.getUri(config).replace(/^https?:\/\/[^/]+/, '');
    const path = url.split('?')[0] ?? url;
    const data = typeof config.data === 'string' && /^[[{]/.test(config.data) ? (JSON.parse(config.data) as unknown) : config.data;
    const record: SentRequest = {
      method,
      url: path,
      data,
      timeout: config.timeout || undefined,
      headers: AxiosHeaders.from(config.headers).toJSON(true) as Record<string, unknown>,
      outcome: 0,
    };
    sent.push(record);
    const request = { url: path };

    const fault = faults.get(`${method} ${path}`)?.shift();
    if (fault !== undefined) {
      record.outcome = typeof fault === 'string' ? fault : `proxy ${fault.proxyStatus}`;
      if (fault === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, request);
      if (fault === 'timeout')
        throw new AxiosError(`timeout of ${config.timeout ?? 0}ms exceeded`, AxiosError.ECONNABORTED, config, request);
      if (fault === 'aborted') throw new AxiosError('Request aborted', AxiosError.ECONNABORTED, config, request);
      if (fault === 'setup-error') throw new Error('The request could not be prepared');
      if (fault === 'hang') {
        return new Promise((_resolve, reject) => {
          config.signal?.addEventListener?.('abort', () => reject(new CanceledError(undefined, config, request)));
        });
      }
      return settle(config, request, fault.proxyStatus, fault.body ?? '', { 'content-type': 'text/html' });
    }

    const headers = AxiosHeaders.from(config.headers).toJSON(true) as Record<string, string>;
    // As the browser adapter does: a request without a body carries no content type.
    if (config.data === undefined) for (const key of Object.keys(headers)) if (key.toLowerCase() === 'content-type') delete headers[key];
    const res = await t.request({
      method: method as 'GET',
      url,
      headers,
      cookies: cookiesFor(path),
      ...(typeof config.data === 'string' ? { payload: config.data } : {}),
    });
    storeCookies(res.cookies as Parameters<typeof storeCookies>[0]);
    record.outcome = res.statusCode;
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return settle(config, request, res.statusCode, isJson ? res.json() : res.body, res.headers as Record<string, string>);
  };

  return {
    t,
    async signIn(role = 'admin', overrides = {}) {
      const staff = await t.createStaff(role, overrides);
      setToken(staff.token);
      // createStaff opened a live session; the marker cookie says so, as after a real sign-in.
      document.cookie = 'session=1; path=/';
      return staff;
    },
    fault(key, ...list) {
      faults.set(key, [...(faults.get(key) ?? []), ...list]);
    },
    sent,
    sentTo: (key) => sent.filter((r) => `${r.method} ${r.url}` === key),
    reset() {
      jar.clear();
      faults.clear();
      sent.length = 0;
    },
    close: () => t.close(),
  };
}

function settle(
  config: InternalAxiosRequestConfig,
  request: object,
  status: number,
  data: unknown,
  headers: Record<string, string>,
): AxiosResponse {
  const response: AxiosResponse = { status, statusText: String(status), data, headers: new AxiosHeaders(headers), config, request };
  const ok = config.validateStatus ? config.validateStatus(status) : status >= 200 && status < 300;
  if (ok) return response;
  throw new AxiosError(
    `Request failed with status code ${status}`,
    status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
    config,
    request,
    response,
  );
}
