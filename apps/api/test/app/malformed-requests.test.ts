import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@visa/shared/applications';
import { buildApp } from '../../src/app.js';
import { addApplication, tableCounts } from '@visa/test-support/applications';
import { jpeg } from '@visa/test-support/images';
import { type TestApp, createTestApp, listFiles } from '@visa/test-support/test-app';

/**
 * Malformed requests generated from the OpenAPI document, so a new route is covered without
 * writing anything: every operation, signed in as the owner (so requests reach validation), gets
 * broken bodies, hostile parameters and odd ids, then odd cookies and headers. None may answer
 * 5xx, every refusal is JSON with a message, nothing stored changes, and nothing is logged as an
 * error.
 */

interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  multipart: boolean;
}

const ODD_IDS = [
  'x',
  '0'.repeat(23),
  '0'.repeat(25),
  'ZZZZZZZZZZZZZZZZZZZZZZZZ',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%E0%A4%A',
  'a'.repeat(5000),
  "1' OR '1'='1",
  '%F0%9D%95%8F'.repeat(12),
  '0123456789abcdef01234567', // well-formed, unknown
];

const HOSTILE_VALUES = [
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  '99999999999999999999999',
  'a'.repeat(10_000),
  '{"$gt":""}',
  '.*',
  '%',
  '\u0000',
  '<script>alert(1)</script>',
  '\uD800',
];

const BOUNDARY = '----malformed-boundary';

/**
 * Runs the cases of one operation with a fresh owner session (one operation may be a sign-out,
 * which ends its session whatever the body) and checks nothing stored changed.
 */
async function forOperation(op: Operation, cases: (token: string) => Promise<void>) {
  const { token } = await t.createStaff('superadmin');
  const before = await snapshot();
  await cases(token);
  expect(await snapshot(), `${op.method} ${op.path} changed what is stored`).toEqual(before);
}

/**
 * Bodies that are wrong in shape: each operation that takes a body gets every one of them. (A JSON
 * `null` is not among them: it stands for "no body", which the status actions accept.)
 */
function brokenBodies(tinyJpeg: Buffer): { name: string; headers: Record<string, string>; payload: string | Buffer }[] {
  const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (name: string, bytes: Buffer, type = 'image/jpeg', filename = 'a.jpg') =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const end = `--${BOUNDARY}--\r\n`;
  const mp = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  return [
    { name: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, payload: part('title', 'x') + end },
    { name: 'multipart with an empty boundary', headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: 'garbage' },
    { name: 'multipart cut off mid-part', headers: mp, payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nab` },
    { name: 'multipart that is not multipart', headers: mp, payload: 'this is not a multipart body at all' },
    { name: 'multipart with no parts', headers: mp, payload: end },
    {
      name: 'multipart with a part without a name',
      headers: mp,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n${end}`,
    },
    { name: 'multipart with unknown parts only', headers: mp, payload: part('unknown', 'x') + part('__proto__', 'x') + end },
    {
      name: 'multipart with duplicated fields',
      headers: mp,
      payload: part('title', 'a') + part('title', 'b') + part('surname', 'a') + part('surname', 'b') + end,
    },
    { name: 'multipart with a huge field', headers: mp, payload: part('title', 'x'.repeat(70 * 1024)) + end },
    {
      name: 'multipart with a file where a text field belongs',
      headers: mp,
      payload: Buffer.concat([filePart('title', tinyJpeg), filePart('surname', tinyJpeg), Buffer.from(end)]),
    },
    {
      name: 'multipart with files under unknown names and a fake image',
      headers: mp,
      payload: Buffer.concat([
        filePart('whatever', tinyJpeg),
        filePart('image', Buffer.from('GIF89a not really'), 'image/png'),
        Buffer.from(end),
      ]),
    },
    {
      name: 'empty file parts',
      headers: mp,
      payload: Buffer.concat([filePart('image', Buffer.alloc(0)), filePart('file1', Buffer.alloc(0)), Buffer.from(end)]),
    },
    { name: 'JSON that does not parse', headers: { 'content-type': 'application/json' }, payload: '{"name": ' },
    { name: 'JSON array', headers: { 'content-type': 'application/json' }, payload: '[1,2,3]' },
    { name: 'JSON number', headers: { 'content-type': 'application/json' }, payload: '42' },
    {
      name: 'JSON with wrong types',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":{"$ne":1},"email":[],"password":7,"date":{},"ids":"x","title":false,"status":1}',
    },
    {
      name: 'JSON with a prototype key',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"role":"superadmin"},"constructor":{"prototype":{}}}',
    },
    { name: 'JSON over the body limit', headers: { 'content-type': 'application/json' }, payload: `{"name":"${'x'.repeat(300 * 1024)}"}` },
    { name: 'empty JSON body', headers: { 'content-type': 'application/json' }, payload: '' },
    { name: 'plain text', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    { name: 'XML', headers: { 'content-type': 'application/xml' }, payload: '<a>1</a>' },
    { name: 'url-encoded form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=a&name=b' },
    {
      name: 'a content type with a bad charset',
      headers: { 'content-type': 'application/json; charset=utf-99' },
      payload: '{"date":"soon"}',
    },
  ];
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = (op.parameters ?? []) as { in: string; name: string }[];
      const body = op.requestBody as { content?: Record<string, unknown> } | undefined;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        multipart: Boolean(body?.content?.['multipart/form-data']) || JSON.stringify(op).includes('multipart/form-data'),
      });
    }
  }
  return ops;
}

const fill = (path: string, id: string) => path.replace(/\{[^}]+\}/g, id);

let t: TestApp;
let operations: Operation[];
let existing: Application;
let tinyJpeg: Buffer;

/**
 * What a refused request must leave as it was. Sessions, rate-limit counters and the audit trail
 * are left out: a sign-out ends a session whatever its body, limits count attempts, and an export
 * is audited even when its search matches nothing.
 */
async function snapshot() {
  const [{ audit: _audit, ...counts }, applications, documents, slides, users] = await Promise.all([
    tableCounts(t),
    t.db.selectFrom('applications').selectAll().orderBy('id').execute(),
    t.db.selectFrom('application_documents').selectAll().orderBy('id').execute(),
    t.db.selectFrom('slides').selectAll().orderBy('id').execute(),
    t.db.selectFrom('users').selectAll().orderBy('id').execute(),
  ]);
  return { counts, applications, documents, slides, users, files: listFiles(t.dataDir) };
}

beforeAll(async () => {
  t = await createTestApp();
  existing = (await addApplication(t, (await t.createStaff('superadmin')).token)).json();
  tinyJpeg = await jpeg(8, 8);
  const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
  operations = operationsOf(doc);
}, 60_000);
afterAll(() => t.close());

async function expectNoServerError(
  label: string,
  send: () => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>,
) {
  const res = await send();
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && res.statusCode !== 404 && String(res.headers['content-type']).startsWith('application/json')) {
    expect(typeof JSON.parse(res.body).message, `${label}: a refusal names its reason`).toBe('string');
  }
  return res;
}

describe('every operation of the OpenAPI document refuses malformed input without a 5xx and without a change', () => {
  it('finds the operations to try', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.some((o) => o.multipart)).toBe(true);
  });

  it('odd ids in the path', async () => {
    for (const op of operations.filter((o) => o.params.length > 0)) {
      await forOperation(op, async (token) => {
        for (const id of ODD_IDS) {
          const url = fill(op.path, id);
          await expectNoServerError(`${op.method} ${url.slice(0, 80)}`, () => t.request({ method: op.method as 'GET', url, token }));
        }
      });
    }
  });

  it('hostile values in every query parameter, alone and repeated', async () => {
    for (const op of operations.filter((o) => o.query.length > 0 && o.method === 'GET')) {
      const path = fill(op.path, existing._id);
      await forOperation(op, async (token) => {
        for (const name of op.query) {
          for (const value of HOSTILE_VALUES) {
            await expectNoServerError(`${op.method} ${path}?${name}=${value.slice(0, 20)}`, () =>
              t.request({ method: 'GET', url: path, query: { [name]: value }, token }),
            );
          }
          await expectNoServerError(`${op.method} ${path}?${name}=1&${name}=2`, () =>
            t.request({ method: 'GET', url: `${path}?${name}=1&${name}=2&${name}[]=3&${name}[a]=4`, token }),
          );
        }
      });
    }
  });

  it('broken bodies on every operation that takes one', async () => {
    const bodies = brokenBodies(tinyJpeg);
    for (const op of operations.filter((o) => ['POST', 'PUT', 'PATCH'].includes(o.method))) {
      // A real id, so the body is what fails; deletes are left out because they take no body.
      const url = fill(op.path, existing._id);
      await forOperation(op, async (token) => {
        for (const body of bodies) {
          await expectNoServerError(`${op.method} ${url} with ${body.name}`, () =>
            t.request({ method: op.method as 'POST', url, token, headers: body.headers, payload: body.payload }),
          );
        }
      });
    }
  }, 120_000);

  it('the same bodies without signing in are refused before they are read', async () => {
    for (const op of operations.filter((o) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(o.method))) {
      const url = fill(op.path, existing._id);
      await forOperation(op, async () => {
        for (const body of brokenBodies(tinyJpeg).slice(0, 6)) {
          await expectNoServerError(`anonymous ${op.method} ${url} with ${body.name}`, () =>
            t.request({ method: op.method as 'POST', url, headers: body.headers, payload: body.payload }),
          );
        }
      });
    }
  });
});

/** A header value as a client's raw bytes arrive: UTF-8 read one byte per character. */
const bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

/** Cookie values that are broken, multi-byte, near the header limits or repeated. */
const ODD_COOKIE_VALUES = ['%', '%E0%A4%A', '%C3%A9a', bytes('é😀'), 'a'.repeat(8000), '"quoted', 'a=b=c', '\u00ff\u00fe', ''];
/** Every cookie the app reads (refresh_token, XSRF-TOKEN) or sets (session), and names it does not know. */
const COOKIE_NAMES = ['refresh_token', 'session', 'lang', 'device', '__proto__'];
const XSRF_OK = 'malformed-xsrf-ok';

/** Each case: the cookie header and the X-XSRF-TOKEN that go with it. */
const ODD_COOKIES: { cookie: string; xsrf: string }[] = [
  ...COOKIE_NAMES.flatMap((name) =>
    ODD_COOKIE_VALUES.map((value) => ({ cookie: `XSRF-TOKEN=${XSRF_OK}; ${name}=${value}`, xsrf: XSRF_OK })),
  ),
  ...COOKIE_NAMES.map((name) => ({ cookie: `XSRF-TOKEN=${XSRF_OK}; ${name}=a; ${name}=b; ${name}`, xsrf: XSRF_OK })),
  // The anti-forgery pair itself: characters and bytes differ in number, or the pair is odd.
  { cookie: 'XSRF-TOKEN=%C3%A9a', xsrf: 'ab' },
  { cookie: `XSRF-TOKEN=${bytes('é')}`, xsrf: 'ab' },
  { cookie: `XSRF-TOKEN=${bytes('😀')}`, xsrf: bytes('😀') },
  { cookie: 'XSRF-TOKEN=%', xsrf: '%' },
  { cookie: `XSRF-TOKEN=${'x'.repeat(8000)}`, xsrf: 'x'.repeat(8000) },
  { cookie: `XSRF-TOKEN=a; XSRF-TOKEN=${XSRF_OK}`, xsrf: XSRF_OK },
  { cookie: ';;; =; ==; XSRF-TOKEN', xsrf: '' },
];

/** Headers the app or its plugins read, with values no browser would send. */
const ODD_HEADERS: Record<string, string[]> = {
  'x-xsrf-token': [' ', bytes('é'), 'a'.repeat(8000), '%00'],
  authorization: [
    'Bearer',
    'Bearer ',
    'Basic YWxhZGRpbjpvcGVuc2VzYW1l',
    `Bearer ${'a'.repeat(8000)}`,
    'Bearer a.b.c',
    'Bearer \u00ff\u00fe\u0080',
    'Negotiate abc',
    'bearer x y z',
  ],
  'accept-language': ['*;q=abc', 'xx-'.repeat(2000), bytes('বাংলা'), ',,,;q=', 'bn;q=2, en;q=-1'],
  'x-forwarded-for': ['garbage', '1.2.3.4, not-an-ip, ::ffff:zz', ','.repeat(500), '999.999.999.999', `${'1.2.3.4,'.repeat(500)}5.6.7.8`],
  'content-type': [
    'application/json; charset=',
    'multipart/form-data; boundary="unterminated',
    '/',
    'application/json;;;',
    'text/plain; charset=utf-8; charset=latin1',
  ],
  range: ['bytes=abc', 'bytes=-', 'bytes=99999999999999999999-', 'bytes=0-1,2-3,', 'items=0-1'],
  'if-none-match': ['*', '"', 'W/"', 'a'.repeat(8000), '"x", , ,'],
  'if-modified-since': ['not a date', '0'],
  'accept-encoding': ['br;q=x, *;q=', 'gzip;q=2'],
  accept: ['*/*;q=x', 'application/json;;'],
};

describe('odd cookies and headers on every operation: no 5xx and nothing logged as an error', () => {
  let app: FastifyInstance;
  const lines: { level: number; msg?: string }[] = [];
  beforeAll(async () => {
    // The same database and secret, one proxy trusted so X-Forwarded-For is read, and a log to check.
    app = await buildApp(
      {
        config: { ...t.config, LOG_LEVEL: 'warn', TRUST_PROXY: 1 },
        db: t.db,
        secret: t.config.APP_SECRET!,
        storage: t.storage,
        webRoot: null,
      },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg?: string }) } },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  /** A GET reaches a real record; anything else an unknown one, with a small body, so nothing can change. */
  const target = (op: Operation) => (op.method === 'GET' ? fill(op.path, existing._id) : fill(op.path, '0123456789abcdef01234567'));

  const answered = new Set<number>();
  async function send(label: string, op: Operation, token: string, headers: Record<string, string>) {
    const unsafe = op.method !== 'GET';
    const res = await expectNoServerError(`${op.method} ${target(op)} with ${label}`, () =>
      app.inject({
        method: op.method as 'GET',
        url: target(op),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        ...(unsafe ? { payload: '{}' } : {}),
      }),
    );
    answered.add(res.statusCode);
  }

  it('odd cookies, the anti-forgery pair among them', async () => {
    for (const op of operations) {
      await forOperation(op, async (token) => {
        for (const { cookie, xsrf } of ODD_COOKIES) {
          await send(`cookie ${cookie.slice(0, 60)}`, op, token, { cookie, 'x-xsrf-token': xsrf });
        }
      });
    }
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([]);
    // The odd cookies beside a good pair did not keep signed-in requests from their answers.
    expect(answered).toContain(200);
  }, 120_000);

  it('odd headers', async () => {
    for (const op of operations) {
      await forOperation(op, async (token) => {
        for (const [name, values] of Object.entries(ODD_HEADERS)) {
          for (const value of values) {
            await send(`${name}: ${value.slice(0, 40)}`, op, token, {
              cookie: `XSRF-TOKEN=${XSRF_OK}`,
              'x-xsrf-token': XSRF_OK,
              [name]: value,
            });
          }
        }
      });
    }
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([]);
  }, 120_000);
});
