import net from 'node:net';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/ui-texts';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

/**
 * One path, one check (ADR 0016): every staff operation in the OpenAPI document, sent in each
 * disguise a path can wear, gets the refusal its plain form gets (401 without a token, 403 with
 * the XSRF message without the header, 403 for a sub-admin on a super-admin route), or, when the
 * disguise does not route at all, 400 or 404: never the route without its guard. Sent through
 * app.inject and, since inject tidies some URLs on its own, as raw bytes over a real socket.
 */

const SUPERADMIN_ONLY = new Set([
  'GET /api/users/get_users',
  'POST /api/users/add_user',
  'PUT /api/users/update_user/{id}',
  'DELETE /api/users/delete_user/{id}',
]);
const SAMPLE_ID = '0123456789abcdef01234567';
const XSRF = 'request-target-xsrf';

interface Operation {
  method: HTTPMethods;
  key: string;
  url: string;
}

/**
 * What each disguise does, on a real socket: `routes` reaches the plain form's route (so it must
 * meet the same guard); otherwise the answer is this status. `injectRoutes`: app.inject resolves
 * dot segments itself before the app sees them, so there the disguise reaches the route.
 */
const DISGUISES: { name: string; apply: (url: string) => string; routes: boolean; status?: 400 | 404; injectRoutes?: boolean }[] = [
  { name: 'percent-encoded letter', apply: (u) => u.replace(/^\/api\//, '/%61pi/'), routes: true },
  {
    name: 'percent-encoded letters everywhere',
    apply: (u) => u.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`),
    routes: true,
  },
  { name: 'absolute-form target', apply: (u) => `http://localhost${u}`, routes: true },
  { name: 'dot segment', apply: (u) => u.replace(/^\/api\//, '/api/./'), routes: false, status: 400, injectRoutes: true },
  { name: 'dot-dot segment', apply: (u) => u.replace(/^\/api\//, '/api/x/../'), routes: false, status: 400, injectRoutes: true },
  { name: 'encoded dot segment', apply: (u) => u.replace(/^\/api\//, '/api/%2e/'), routes: false, status: 400, injectRoutes: true },
  { name: 'double slash in front', apply: (u) => `/${u}`, routes: false, status: 400 },
  { name: 'double slash inside', apply: (u) => u.replace(/^\/api\//, '/api//'), routes: false, status: 400 },
  { name: 'upper case', apply: (u) => u.replace(/^\/api\//, '/API/'), routes: false, status: 404 },
  { name: 'trailing slash', apply: (u) => `${u}/`, routes: false, status: 404 },
];

interface Answer {
  status: number;
  message: string | undefined;
  cacheControl: string | undefined;
}

interface Caller {
  name: string;
  send(method: string, url: string, headers: Record<string, string>): Promise<Answer>;
}

const messageOf = (body: string) => {
  try {
    return (JSON.parse(body) as { message?: string }).message;
  } catch {
    return undefined;
  }
};

let t: TestApp;
let operations: Operation[];
/** The operations that refuse an anonymous caller: the authorization matrix test keeps that list right. */
let guarded: Operation[];
let port: number;
let superadmin: string;
let subAdmin: string;

const injectCaller: Caller = {
  name: 'app.inject',
  async send(method, url, headers) {
    const res = await t.app.inject({ method: method as HTTPMethods, url, headers });
    return { status: res.statusCode, message: messageOf(res.body), cacheControl: res.headers['cache-control'] as string | undefined };
  },
};

const socketCaller: Caller = {
  name: 'a real socket',
  send(method, url, headers) {
    const head = [`${method} ${url} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
    if (!['GET', 'HEAD'].includes(method)) head.push('Content-Length: 0');
    for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head.join('\r\n')}\r\n\r\n`));
      const chunks: Buffer[] = [];
      socket.on('data', (d: Buffer) => chunks.push(d));
      socket.on('error', reject);
      socket.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [rawHead = '', body = ''] = text.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(rawHead)?.[1]);
        const cacheControl = /\r\ncache-control: ([^\r\n]*)/i.exec(rawHead)?.[1];
        resolve({ status, message: messageOf(body), cacheControl });
      });
    });
  },
};

const withXsrf = (token?: string): Record<string, string> => ({
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({
        method: m.toUpperCase() as HTTPMethods,
        key: `${m.toUpperCase()} ${path}`,
        url: path.replace(/\{[^}]+\}/g, SAMPLE_ID),
      })),
  );
  superadmin = (await t.createStaff('superadmin')).token;
  subAdmin = (await t.createStaff('admin')).token;
  guarded = [];
  for (const op of operations.filter((o) => o.url.startsWith('/api/'))) {
    const res = await t.app.inject({ method: op.method, url: op.url, headers: withXsrf() });
    if (res.statusCode === 401) guarded.push(op);
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

const staffOps = () => guarded;
const unsafe = (op: Operation) => !['GET', 'HEAD'].includes(op.method);

/**
 * Sends the plain form and every disguise of each operation with the same headers, and lists
 * every disguise whose answer is not what it must be: the plain form's refusal where it routes,
 * its own 400 or 404 where it does not.
 */
async function mismatches(caller: Caller, ops: Operation[], headers: Record<string, string>, plain: Answer) {
  const failures: string[] = [];
  for (const op of ops) {
    const got = await caller.send(op.method, op.url, headers);
    if (got.status !== plain.status || got.message !== plain.message) failures.push(`${op.key} (plain) -> ${got.status} ${got.message}`);
    for (const d of DISGUISES) {
      const url = d.apply(op.url);
      const answer = await caller.send(op.method, url, headers);
      const routes = d.routes || (caller === injectCaller && d.injectRoutes);
      const expected: Pick<Answer, 'status' | 'message'> = routes
        ? plain
        : // The XSRF check runs before the router's 404, so an unsafe request without the header is 403 there too.
          d.status === 404 && plain.message === SERVER.xsrf
          ? plain
          : { status: d.status!, message: d.status === 400 ? SERVER.badPath : SERVER.notFound };
      // A disguise may also land on another route of the same guarded group (a trailing slash on
      // a list is the by-id route with an empty id): the plain refusal is right there too.
      const same = (a: Pick<Answer, 'status' | 'message'>) => answer.status === a.status && answer.message === a.message;
      if (!same(expected) && !same(plain)) {
        failures.push(`${op.key} as ${d.name} (${url}) -> ${answer.status} ${answer.message}, expected ${expected.status}`);
      }
      if (!answer.cacheControl?.includes('no-store')) failures.push(`${op.key} as ${d.name}: cache-control ${answer.cacheControl}`);
    }
  }
  return failures;
}

for (const caller of [injectCaller, socketCaller]) {
  describe(`every staff operation in every disguise, through ${caller.name}`, () => {
    it('finds the staff operations to disguise', () => {
      expect(staffOps().length).toBeGreaterThan(15);
      expect(staffOps().filter(unsafe).length).toBeGreaterThan(5);
    });

    it('answers 401 without a token, or 400/404 where the disguise does not route', async () => {
      const failures = await mismatches(caller, staffOps(), withXsrf(), {
        status: 401,
        message: SERVER.unauthorized,
        cacheControl: undefined,
      });
      expect(failures).toEqual([]);
    });

    it('answers 403 with the XSRF message to an unsafe request without the header, signed in or not', async () => {
      const xsrf = { status: 403, message: SERVER.xsrf, cacheControl: undefined };
      const ops = staffOps().filter(unsafe);
      expect(await mismatches(caller, ops, { cookie: `XSRF-TOKEN=${XSRF}` }, xsrf)).toEqual([]);
      expect(await mismatches(caller, ops, { cookie: `XSRF-TOKEN=${XSRF}`, authorization: `Bearer ${superadmin}` }, xsrf)).toEqual([]);
    });

    it('answers 403 to a sub-admin on every super-admin operation', async () => {
      const ops = staffOps().filter((op) => SUPERADMIN_ONLY.has(op.key));
      expect(ops).toHaveLength(SUPERADMIN_ONLY.size);
      const failures = await mismatches(caller, ops, withXsrf(subAdmin), {
        status: 403,
        message: SERVER.forbidden,
        cacheControl: undefined,
      });
      expect(failures).toEqual([]);
    });

    it('serves a disguise that routes exactly like the plain form when every guard is satisfied', async () => {
      for (const url of ['/api/users/me', '/%61pi/users/me', '/%61%70%69/%75sers/me', 'http://localhost/api/users/me']) {
        const res = await caller.send('GET', url, withXsrf(superadmin));
        expect({ url, status: res.status }).toEqual({ url, status: 200 });
      }
    });

    it('refuses a multipart body on a JSON route in every spelling of the route (415)', async () => {
      const boundary = 'target-test';
      for (const url of ['/api/users/logout', '/%61pi/users/logout', 'http://localhost/api/users/logout']) {
        const res = await caller.send('POST', url, {
          ...withXsrf(superadmin),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        });
        expect({ url, status: res.status, message: res.message }).toEqual({ url, status: 415, message: SERVER.unsupportedMediaType });
      }
    });
  });
}

describe('paths that are not API operations', () => {
  it('refuses a path that does not decode, climbs out with dot segments, or holds a backslash, with 400', async () => {
    for (const url of ['/%E0%A4%A', '/api/users/me%5c', '/api%5cusers/me', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fsecret.key']) {
      const res = await socketCaller.send('GET', url, {});
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
    }
  });

  it('answers a JSON 404 to an unknown API path in any spelling, never the web app', async () => {
    for (const url of ['/api/nothing-here', '/%61pi/nothing-here', '/API/nothing-here', 'http://localhost/api/nothing-here']) {
      const res = await socketCaller.send('GET', url, {});
      expect({ url, status: res.status, message: res.message }).toEqual({ url, status: 404, message: SERVER.notFound });
    }
  });
});
