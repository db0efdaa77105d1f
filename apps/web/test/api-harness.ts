import { randomBytes } from 'node:crypto';
import type { Role } from '@visa/shared/constants';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { api } from '../src/lib/api-client';
import { HttpError, type Transport, requestHeaders, requestUrl } from '../src/lib/http';
import { setToken } from '../src/lib/auth-storage';

// jsdom installs its own typed-array constructors as globals, so a Node Buffer is not an
// `instanceof Uint8Array` there and the API's upload and image code refuses the bytes. The API runs
// in this same process, so Node's own constructor is put back for the whole test file.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;

/**
 * What the network does instead of reaching the API, for the failures our code cannot cause:
 * no answer, a timeout, an abort, a failure before sending, or a broken proxy answering for the
 * server (e.g. a 502, or a 200 captive-portal page).
 */
type NetworkFault = 'network-error' | 'timeout' | 'aborted' | 'setup-error' | 'hang' | { proxyStatus: number; body?: unknown };

interface SentRequest {
  method: string;
  /** The path, without the query string (that is in `params`). */
  url: string;
  params: unknown;
  data: unknown;
  timeout: number | undefined;
  headers: Record<string, unknown>;
  /** The API's status, or the fault that stood in for it. */
  outcome: number | string;
}

/** A staff account on the API under test; `token` is its access token. */
export type Staff = Awaited<ReturnType<TestApp['createStaff']>>;

export interface ApiHarness {
  t: TestApp;
  /** Creates a staff account on the real API and stores its token as a signed-in browser would. */
  signIn(role?: Role, overrides?: { name?: string; email?: string }): Promise<Staff>;
  /** Signs the browser in again as an existing account (test/setup.ts signs everyone out after each test). */
  signInAs(staff: Staff): void;
  /** The account the browser was last signed in as through signIn or signInAs. */
  readonly staff: Staff;
  /** The next calls to `METHOD /path` meet these faults, in order; later calls reach the API again. */
  fault(key: string, ...faults: NetworkFault[]): void;
  /** While on, every request fails without any response, as when the network is down. */
  setOffline(offline: boolean): void;
  /** Holds every request until the returned function is called: the "pending" state. */
  hold(): () => void;
  /** Every request the app sent through its api client, and every fetch POST (the sign-in pages), oldest first. */
  sent: SentRequest[];
  sentTo(key: string): SentRequest[];
  /** The requests sent with plain `fetch` (the public carousel), oldest first. */
  fetched: { url: string; headers: Headers }[];
  /** Forgets cookies, faults, recorded requests, the offline switch and any hold (call in beforeEach). */
  reset(): void;
  /** Closes the API and gives the client and `fetch` back their own transport. */
  close(): Promise<void>;
}

const XSRF_COOKIE = 'XSRF-TOKEN';

/** A multipart body as a browser would send `form`: the API's multipart parser reads it for real. */
export async function multipartBody(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const boundary = `----web-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.from(await value.arrayBuffer()),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The real API (fresh migrated database, real argon2, sessions, files) behind the app's own api
 * client and behind `fetch`. Only the transport differs: requests go through Fastify's inject
 * instead of a socket, so renewal, routes, validation, storage and database are the real ones.
 * Cookies behave as in a browser: httpOnly ones (the refresh token) live in a jar the page cannot
 * read, the others (the session marker) land in document.cookie where the app looks for them.
 * `env` adds settings to the API's test configuration (e.g. PUBLIC_URL).
 */
async function startApiHarness(options: { env?: Record<string, string> } = {}): Promise<ApiHarness> {
  const t = await createTestApp(options.env);
  const jar = new Map<string, { value: string; path: string }>();
  const faults = new Map<string, NetworkFault[]>();
  const sent: SentRequest[] = [];
  const fetched: ApiHarness['fetched'] = [];
  let offline = false;
  // While a hold is on, requests wait for this; null otherwise, so unheld requests take no extra turn.
  let gate: Promise<void> | null = null;
  let release: () => void = () => undefined;
  let current: Staff | undefined;
  const originalTransport: Transport = api.transport;
  const originalFetch = globalThis.fetch;

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

  api.transport = async (config) => {
    const method = config.method.toUpperCase();
    const url = requestUrl(config);
    const path = config.url.split('?')[0] ?? config.url;
    const sentHeaders = requestHeaders(config);
    const record: SentRequest = {
      method,
      url: path,
      params: config.params,
      data: config.data,
      timeout: config.timeout || undefined,
      headers: sentHeaders,
      outcome: 0,
    };
    sent.push(record);
    if (gate) await gate;

    const fault = offline ? 'network-error' : faults.get(`${method} ${path}`)?.shift();
    if (fault !== undefined) {
      record.outcome = typeof fault === 'string' ? fault : `proxy ${fault.proxyStatus}`;
      if (fault === 'network-error') throw new HttpError('Network Error', 'ERR_NETWORK', config);
      if (fault === 'timeout') throw new HttpError(`timeout of ${config.timeout ?? 0}ms exceeded`, 'ECONNABORTED', config);
      if (fault === 'aborted') throw new HttpError('Request aborted', 'ECONNABORTED', config);
      if (fault === 'setup-error') throw new Error('The request could not be prepared');
      if (fault === 'hang') {
        return new Promise((_resolve, reject) => {
          config.signal?.addEventListener('abort', () => reject(new HttpError('canceled', 'ERR_CANCELED', config)));
        });
      }
      return { status: fault.proxyStatus, headers: { 'content-type': 'text/html' }, data: fault.body ?? '' };
    }

    const headers = { ...sentHeaders };
    let payload: string | Buffer | undefined =
      config.data === undefined || config.data instanceof FormData ? undefined : JSON.stringify(config.data);
    // As the browser does: a multipart body brings its own content type (with the boundary).
    if (config.data instanceof FormData) {
      const multipart = await multipartBody(config.data);
      payload = multipart.body;
      headers['content-type'] = multipart.contentType;
    }
    const res = await t.request({
      method: method as 'GET',
      url,
      headers,
      cookies: cookiesFor(path),
      ...(payload !== undefined ? { payload } : {}),
    });
    storeCookies(res.cookies as Parameters<typeof storeCookies>[0]);
    record.outcome = res.statusCode;
    const contentType = String(res.headers['content-type'] ?? '');
    const data =
      config.responseType === 'blob' && res.statusCode < 400
        ? new Blob([new Uint8Array(res.rawPayload)], { type: contentType })
        : contentType.includes('json')
          ? (res.json() as unknown)
          : res.body;
    const responseHeaders: Record<string, string> = {};
    for (const [key, value] of Object.entries(res.headers)) if (value !== undefined) responseHeaders[key.toLowerCase()] = String(value);
    return { status: res.statusCode, headers: responseHeaders, data };
  };

  // The sign-in pages post with plain fetch (ADR 0050): same origin with cookies, JSON, the XSRF
  // header when the cookie is there. Such a call is recorded and meets faults like an axios call.
  const fetchPost = async (url: string, init: RequestInit): Promise<Response> => {
    const method = (init.method ?? 'POST').toUpperCase();
    const path = url.split('?')[0] ?? url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const text = typeof init.body === 'string' ? init.body : undefined;
    const record: SentRequest = {
      method,
      url: path,
      params: undefined,
      data: text && /^[[{]/.test(text) ? (JSON.parse(text) as unknown) : text,
      timeout: undefined,
      headers,
      outcome: 0,
    };
    sent.push(record);
    if (gate) await gate;
    const fault = offline ? 'network-error' : faults.get(`${method} ${path}`)?.shift();
    if (fault !== undefined) {
      record.outcome = typeof fault === 'string' ? fault : `proxy ${fault.proxyStatus}`;
      if (fault === 'network-error') throw new TypeError('Failed to fetch');
      if (fault === 'timeout' || fault === 'aborted') throw new DOMException('The operation was aborted.', 'AbortError');
      if (fault === 'setup-error') throw new Error('The request could not be prepared');
      if (fault === 'hang') {
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        });
      }
      const body = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body ?? '');
      return new Response(body, { status: fault.proxyStatus, headers: { 'content-type': 'text/html' } });
    }
    const res = await t.request({
      method: method as 'POST',
      url,
      headers,
      cookies: init.credentials === 'omit' ? {} : cookiesFor(path),
      ...(text !== undefined ? { payload: text } : {}),
    });
    storeCookies(res.cookies as Parameters<typeof storeCookies>[0]);
    record.outcome = res.statusCode;
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(key, value);
    return new Response(res.body, { status: res.statusCode, headers: responseHeaders });
  };

  // The public carousel uses plain fetch (no cookies, no token); it goes to the same API.
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    fetched.push({ url, headers });
    if (init?.method && init.method.toUpperCase() !== 'GET') return fetchPost(url, init);
    if (gate) await gate;
    if (offline) throw new TypeError('Failed to fetch');
    const res = await t.app.inject({ method: (init?.method ?? 'GET') as 'GET', url, headers: Object.fromEntries(headers.entries()) });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(key, value);
    return new Response(res.body, { status: res.statusCode, headers: responseHeaders });
  };

  const signInAs = (staff: Staff) => {
    current = staff;
    setToken(staff.token);
    // createStaff opened a live session; the marker cookie says so, as after a real sign-in.
    document.cookie = 'session=1; path=/';
  };

  return {
    t,
    async signIn(role = 'admin', overrides = {}) {
      const staff = await t.createStaff(role, overrides);
      signInAs(staff);
      return staff;
    },
    signInAs,
    get staff() {
      if (!current) throw new Error('Nobody has signed in through this harness yet');
      return current;
    },
    fault(key, ...list) {
      faults.set(key, [...(faults.get(key) ?? []), ...list]);
    },
    setOffline(value) {
      offline = value;
    },
    hold() {
      let open!: () => void;
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      release = () => {
        open();
        gate = null;
      };
      return release;
    },
    sent,
    sentTo: (key) => sent.filter((r) => `${r.method} ${r.url}` === key),
    fetched,
    reset() {
      jar.clear();
      faults.clear();
      sent.length = 0;
      fetched.length = 0;
      offline = false;
      release();
    },
    async close() {
      release();
      api.transport = originalTransport;
      globalThis.fetch = originalFetch;
      await t.close();
    },
  };
}

/**
 * The harness for a test file (or one describe block of it): started before its first test and
 * closed after its last.
 * Before each test it forgets the last one's cookies, faults and requests (`reset: false` keeps
 * them) and, with `signedIn`, signs the browser in again as one account created for the file.
 * The returned object stands for the started harness.
 */
export function apiHarnessForFile(options: { env?: Record<string, string>; reset?: boolean; signedIn?: boolean } = {}): ApiHarness {
  const { reset = true, signedIn = false, ...start } = options;
  let harness: ApiHarness | undefined;
  let staff: Staff | undefined;
  const started = () => {
    if (!harness) throw new Error('The API harness starts in beforeAll.');
    return harness;
  };
  beforeAll(async () => {
    harness = await startApiHarness(start);
    if (signedIn) staff = await harness.signIn();
  });
  afterAll(() => harness?.close());
  beforeEach(() => {
    if (reset) started().reset();
    if (staff) started().signInAs(staff);
  });
  return new Proxy({} as ApiHarness, { get: (_, key) => Reflect.get(started(), key) as unknown });
}
