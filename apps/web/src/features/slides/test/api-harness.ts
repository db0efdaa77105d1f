import { randomBytes } from 'node:crypto';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { type TestApp, createTestApp } from '../../../../../api/test/support/test-app';
import { api } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-storage';

// jsdom installs its own typed-array constructors as globals, so a Node Buffer is not an
// `instanceof Uint8Array` there and jose (token signing in the API) refuses its keys. The API
// runs in this same process, so Node's own constructor is put back for the whole test file.
const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
globalThis.Uint8Array = NodeUint8Array;

export interface ApiHarness {
  t: TestApp;
  token: string;
  /** Stores the staff token where the app keeps it (cleared after every test by test/setup.ts). */
  signIn(): void;
  /** Holds every request until the returned function is called: the "pending" state. */
  hold(): () => void;
  /** Requests fail without any response, as when the network is down. */
  setOffline(offline: boolean): void;
  /** The configs of the requests sent through the staff client so far, newest last. */
  sent: InternalAxiosRequestConfig[];
  /** The requests sent with plain `fetch` (the public carousel) so far, newest last. */
  fetched: { url: string; headers: Headers }[];
  close(): Promise<void>;
}

async function multipartBody(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const boundary = `----slides-test-${randomBytes(8).toString('hex')}`;
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
 * The real API (fresh migrated SQLite database, real files) behind the app's own axios client
 * and behind `fetch`. Only the transport differs: requests go through Fastify's inject instead of
 * a socket, so the client's interceptors, the routes, validation, storage and database are all
 * the real ones.
 */
export async function startApiHarness(): Promise<ApiHarness> {
  const t = await createTestApp();
  const staff = await t.createStaff('admin');
  const sent: InternalAxiosRequestConfig[] = [];
  let gate: Promise<void> = Promise.resolve();
  let offline = false;

  api.defaults.adapter = async (config): Promise<AxiosResponse> => {
    sent.push(config);
    await gate;
    if (offline) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const headers = AxiosHeaders.from(config.headers).toJSON(true) as Record<string, string>;
    let payload: string | Buffer | undefined = typeof config.data === 'string' ? config.data : undefined;
    if (config.data instanceof FormData) {
      const multipart = await multipartBody(config.data);
      payload = multipart.body;
      for (const key of Object.keys(headers)) if (key.toLowerCase() === 'content-type') delete headers[key];
      headers['content-type'] = multipart.contentType;
    }
    const res = await t.request({
      method: (config.method ?? 'get').toUpperCase() as 'GET',
      url: api.getUri(config),
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    const response: AxiosResponse = {
      data: isJson ? res.json() : res.body,
      status: res.statusCode,
      statusText: res.statusMessage,
      headers: res.headers as AxiosResponse['headers'],
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(res.statusCode)) {
      const code = res.statusCode >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(`Request failed with status code ${res.statusCode}`, code, config, {}, response);
    }
    return response;
  };

  // The public carousel uses plain fetch (no cookies, no token); it goes to the same API.
  const fetched: ApiHarness['fetched'] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    fetched.push({ url, headers });
    await gate;
    if (offline) throw new TypeError('Failed to fetch');
    const res = await t.app.inject({ method: (init?.method ?? 'GET') as 'GET', url, headers: Object.fromEntries(headers.entries()) });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(key, value);
    return new Response(res.body, { status: res.statusCode, headers: responseHeaders });
  };

  return {
    t,
    token: staff.token,
    signIn: () => setToken(staff.token),
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        release();
        gate = Promise.resolve();
      };
    },
    setOffline(value) {
      offline = value;
    },
    sent,
    fetched,
    close: () => t.close(),
  };
}
