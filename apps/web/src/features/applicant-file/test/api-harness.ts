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
  staffName: string;
  /** Stores the staff token where the app keeps it (cleared after every test by test/setup.ts). */
  signIn(): void;
  /** Requests fail without any response, as when the network is down. */
  setOffline(offline: boolean): void;
  /** The configs of the requests sent so far, newest last. */
  sent: InternalAxiosRequestConfig[];
  close(): Promise<void>;
}

async function multipartBody(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const boundary = `----applicant-file-test-${randomBytes(8).toString('hex')}`;
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
 * The real API (fresh migrated SQLite database, real files, real mail outbox folder) behind the
 * app's own axios client. Only the transport differs: requests go through Fastify's inject
 * instead of a socket, so interceptors, routes, validation, storage and database are the real ones.
 */
export async function startApiHarness(): Promise<ApiHarness> {
  const t = await createTestApp({ PUBLIC_URL: 'https://visa.example.com' });
  const staffName = 'Nadia Staff';
  const staff = await t.createStaff('admin', { name: staffName });
  const sent: InternalAxiosRequestConfig[] = [];
  let offline = false;

  api.defaults.adapter = async (config): Promise<AxiosResponse> => {
    sent.push(config);
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
    const contentType = String(res.headers['content-type'] ?? '');
    const data =
      config.responseType === 'blob' && res.statusCode < 400
        ? new Blob([new Uint8Array(res.rawPayload)], { type: contentType })
        : contentType.includes('json')
          ? res.json()
          : res.body;
    const response: AxiosResponse = {
      data,
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

  return {
    t,
    token: staff.token,
    staffName,
    signIn: () => setToken(staff.token),
    setOffline(value) {
      offline = value;
    },
    sent,
    close: () => t.close(),
  };
}
