import { randomBytes } from 'node:crypto';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import sharp from 'sharp';
import type { Application, ApplicationFormValues } from '@visa/shared/applications';
import { type TestApp, createTestApp } from '../../../../../api/test/support/test-app';
import { api } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-storage';

// jsdom installs its own typed-array constructors as globals, so a Node Buffer is not an
// `instanceof Uint8Array` there and jose (token signing in the API) refuses its keys. The API
// runs in this same process, so Node's own constructor is put back for the whole test file.
const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
globalThis.Uint8Array = NodeUint8Array;

// jsdom has no object URLs (the image preview and the CSV download use them); these stand in for
// the browser, recording what was handed over.
export const objectUrls: Blob[] = [];
URL.createObjectURL = (blob: Blob) => {
  objectUrls.push(blob);
  return `blob:test/${objectUrls.length}`;
};
URL.revokeObjectURL = () => undefined;
// jsdom has no matchMedia either; react-hot-toast's Toaster asks it about reduced motion.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

export interface ApiHarness {
  t: TestApp;
  token: string;
  signIn(): void;
  /** Holds every request until the returned function is called: the "pending" state. */
  hold(): () => void;
  /** Requests fail without any response, as when the network is down. */
  setOffline(offline: boolean): void;
  /** The configs of the requests sent so far, newest last. */
  sent: InternalAxiosRequestConfig[];
  close(): Promise<void>;
}

async function multipartBody(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const boundary = `----applications-test-${randomBytes(8).toString('hex')}`;
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
 * The real API (fresh migrated SQLite database, real files) behind the app's own axios client.
 * Only the transport differs: requests go through Fastify's inject instead of a socket, so the
 * client's interceptors, the routes, validation, storage and database are all the real ones.
 */
export async function startApiHarness(): Promise<ApiHarness> {
  const t = await createTestApp();
  const staff = await t.createStaff('admin');
  const sent: InternalAxiosRequestConfig[] = [];
  let gate: Promise<void> = Promise.resolve();
  let offline = false;
  const original = api.defaults.adapter;

  api.defaults.adapter = async (config): Promise<AxiosResponse> => {
    sent.push(config);
    await gate;
    if (offline) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
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
        ? new Blob([res.rawPayload.toString('utf8')], { type: contentType })
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
    async close() {
      api.defaults.adapter = original;
      await t.close();
    },
  };
}

let serial = 0;

/** A complete, valid form whose email and passport nobody else has. */
export function formValues(overrides: Partial<ApplicationFormValues> = {}): ApplicationFormValues {
  serial += 1;
  const tag = `${Date.now().toString(36)}${serial}`.toUpperCase();
  return {
    surname: 'Rahman',
    givenN: 'Karim',
    email: `karim.${tag.toLowerCase()}@example.com`,
    phone: '8801712345678',
    nationalId: '1990123456789',
    sex: 'Male',
    dob: '1990-04-12',
    birthCity: 'Dhaka',
    currentN: 'Bangladeshi',
    identification: 'Mole on left cheek',
    company: 'Maple Build Ltd',
    dutyDuration: '2 years',
    jobTitle: 'Electrician',
    salary: 'CAD 3,200 / month',
    passport: `W${tag}`.slice(0, 20),
    issuedCountry: 'Bangladesh',
    ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)),
  };
}

export async function photoFile(name = 'photo.jpg', type = 'image/jpeg'): Promise<File> {
  const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
  return new File([new NodeUint8Array(bytes)], name, { type });
}

/** Adds an application straight through the API (a factory for list and edit tests). */
export async function seedApplication(h: ApiHarness, overrides: Partial<ApplicationFormValues> = {}): Promise<Application> {
  const form = new FormData();
  for (const [k, v] of Object.entries(formValues(overrides))) form.append(k, v);
  form.append('image', await photoFile('p.jpg'));
  const { body, contentType } = await multipartBody(form);
  const res = await h.t.request({
    method: 'POST',
    url: '/api/application/addApplication',
    token: h.token,
    headers: { 'content-type': contentType },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`seed failed: ${res.statusCode} ${res.body}`);
  return res.json() as Application;
}
