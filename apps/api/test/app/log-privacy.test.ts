import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ENQUIRY_APPLICANT, createApplication } from '@visa/test-support/applications';
import { appForFile } from '@visa/test-support/file-app';

/**
 * No personal data in the logs (ADR 0016, docs/product.md#logs). The real app, with its own logger
 * at the default level, at the most verbose one and at `warn`, writes into an array while a
 * visitor checks a status and opens the photo's signed URL, staff search and sign in, and requests
 * fail; none of the values may appear in any line, while the route and the outcome of each request
 * do wherever requests are logged, and a request's error is logged with its request id at every
 * level.
 */

const XSRF = 'log-xsrf-cookie-value-1234';
const PASSPORT = 'LP4471902';
const NATIONALITY = 'Zambian';
const DOB = '1987-06-05';
const SEARCH = 'Quixotewood';
const WRONG_EMAIL = 'mistyped.person@example.org';
const WRONG_PASSWORD = 'Wrong-Password-5519';
const BROKEN_JSON_EMAIL = 'broken.json@example.org';
const BROKEN_JSON_PASSWORD = 'Half-Typed-Secret-77';

interface Line {
  msg?: string;
  level: number;
  reqId?: string;
  req?: { method: string; route: string };
  res?: { statusCode: number; method: string; route: string };
  responseTime?: number;
}

const t = appForFile();
beforeAll(async () => {
  await createApplication(
    t.db,
    {
      ...ENQUIRY_APPLICANT,
      passport: PASSPORT,
      current_nationality: NATIONALITY,
      current_nationality_key: NATIONALITY.toLowerCase(),
      dob: DOB,
      surname: SEARCH,
    },
    { storage: t.storage },
  );
});

for (const level of ['info', 'trace', 'warn'] as const) {
  const requestsLogged = level !== 'warn';
  describe(`the request log at level ${level}`, () => {
    const written: string[] = [];
    const secrets: string[] = [
      PASSPORT,
      NATIONALITY,
      DOB,
      '05/06/1987',
      SEARCH,
      WRONG_EMAIL,
      WRONG_PASSWORD,
      BROKEN_JSON_EMAIL,
      BROKEN_JSON_PASSWORD,
      XSRF,
    ];
    let app: FastifyInstance;
    let lines: Line[];

    beforeAll(async () => {
      app = await buildApp(
        { config: { ...t.config, LOG_LEVEL: level }, db: t.db, secret: t.config.APP_SECRET!, storage: t.storage, webRoot: null },
        { logStream: { write: (line: string) => void written.push(line) } },
      );
      // A route that fails unexpectedly, its error quoting what it was given (as a driver's may).
      app.get('/api/log-test/fails', () => {
        throw new Error(`no row for "${PASSPORT}"`);
      });
      // A reply sent twice: Fastify's warning about it quotes the request's URL, query and all.
      app.get('/api/log-test/twice', (_request, reply) => {
        void reply.send({ first: true });
        void reply.send({ second: true });
        return reply;
      });
      await app.ready();
      const send = ({ token, ...rest }: InjectOptions & { token?: string; headers?: Record<string, string> }) => {
        return app.inject({
          ...rest,
          headers: {
            'x-xsrf-token': XSRF,
            cookie: `XSRF-TOKEN=${XSRF}`,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...rest.headers,
          },
        });
      };

      const staff = await t.createStaff('admin');
      secrets.push(staff.email, staff.password, staff.token);

      // The status check, then its photo through the signed URL.
      const enquiry = await send({
        method: 'GET',
        url: `/api/application/fetchApplicationEnquiry?search=${PASSPORT}&search1=${NATIONALITY}&search2=${DOB}`,
      });
      expect(enquiry.statusCode).toBe(200);
      const photo = (enquiry.json() as { applications: { image: string }[] }).applications[0]!.image;
      const signed = new URL(photo, 'http://x');
      secrets.push(signed.searchParams.get('sig')!, signed.search);
      expect((await send({ method: 'GET', url: photo })).statusCode).toBe(200);
      // A status check whose date is not valid: refused, and the inputs still not logged.
      const badDate = await send({
        method: 'GET',
        url: `/api/application/fetchApplicationEnquiry?search=${PASSPORT}&search1=${NATIONALITY}&search2=05/06/1987`,
      });
      expect(badDate.statusCode).toBe(400);

      // Staff sign in, search, refresh.
      const login = await send({ method: 'POST', url: '/api/users/login', payload: { email: staff.email, password: staff.password } });
      expect(login.statusCode).toBe(200);
      const token = (login.json() as { token: string }).token;
      const cookies = login.cookies.map((c) => c.value);
      secrets.push(token, ...cookies.filter((v) => v.length >= 16));
      const search = await send({ method: 'GET', url: `/api/application/fetchApplication?search=${SEARCH}&page=1&limit=10`, token });
      expect(search.statusCode).toBe(200);
      expect(JSON.stringify(search.json())).toContain(SEARCH);
      // A passport handed over and its slip printed: the slip names the passport, the log never does.
      const id = (search.json() as { applications: { _id: string }[] }).applications[0]!._id;
      const held = (await send({ method: 'GET', url: `/api/application/case/${id}`, token })).json() as { passport: { holder: string } };
      const move = held.passport.holder === 'office' ? { from: 'office', to: 'applicant' } : { from: 'applicant', to: 'office' };
      const handover = await send({
        method: 'POST',
        url: `/api/application/case/${id}/passport`,
        payload: { ...move, date: '2020-01-01', counterpart: `Rafiq ${SEARCH}` },
        token,
      });
      expect(handover.statusCode).toBe(200);
      const handovers = (handover.json() as { handovers: { _id: string }[] }).handovers;
      const slip = await send({ method: 'GET', url: `/api/application/case/${id}/passport/${handovers.at(-1)!._id}/slip`, token });
      expect(slip.statusCode).toBe(200);
      const refresh = await send({
        method: 'POST',
        url: '/api/users/refresh',
        headers: { cookie: [`XSRF-TOKEN=${XSRF}`, ...login.cookies.map((c) => `${c.name}=${c.value}`)].join('; ') },
      });
      expect(refresh.statusCode).toBe(200);
      secrets.push((refresh.json() as { token: string }).token);

      // Failures: a wrong password, a body that is not JSON, an unknown route.
      expect(
        (await send({ method: 'POST', url: '/api/users/login', payload: { email: WRONG_EMAIL, password: WRONG_PASSWORD } })).statusCode,
      ).toBe(401);
      const broken = await send({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"email": "${BROKEN_JSON_EMAIL}", "password": "${BROKEN_JSON_PASSWORD}`,
      });
      expect(broken.statusCode).toBe(400);
      expect((await send({ method: 'GET', url: `/api/no-such-thing?passport=${PASSPORT}`, token })).statusCode).toBe(404);
      expect((await send({ method: 'GET', url: `/api/log-test/fails?passport=${PASSPORT}` })).statusCode).toBe(500);
      expect((await send({ method: 'GET', url: `/api/log-test/twice?passport=${PASSPORT}` })).json()).toEqual({ first: true });

      // Errors logged by hand go through the same serializers: a database error quoting the
      // value it refused (as PostgreSQL's do), and a mail server's refusal naming the recipient.
      const dbError = Object.assign(new Error(`invalid input syntax for type date: "${DOB}"`), {
        code: '22007',
        detail: `Key (passport)=(${PASSPORT}) already exists.`,
        parameters: [PASSPORT, NATIONALITY],
      });
      app.log.error({ err: dbError }, 'unhandled error');
      app.log.warn({ reason: `550 5.1.1 <${WRONG_EMAIL}>: Recipient address rejected` }, 'email delivery failed; will retry');

      await app.close();
      lines = written.map((l) => JSON.parse(l) as Line);
    });

    it('holds none of the personal values, tokens, cookies or signatures', () => {
      expect(lines.length).toBeGreaterThan(requestsLogged ? 10 : 3);
      const log = written.join('\n').toLowerCase();
      const found = secrets.filter((s) => log.includes(s.toLowerCase()));
      expect(found).toEqual([]);
      // Nor query strings, headers or client addresses in any form.
      expect(log).not.toMatch(/\?[a-z0-9_]+=|authorization|cookie|x-xsrf-token|remoteaddress|127\.0\.0\.1/);
    });

    // Defined by level rather than skipped: the suite allows no skipped tests.
    if (requestsLogged)
      it('names the route and the outcome of every request', () => {
        const outcomes = lines
          .filter((l) => l.msg === 'request completed')
          .map((l) => `${l.res?.method} ${l.res?.route} ${l.res?.statusCode}`);
        expect(outcomes).toEqual([
          'GET /api/application/fetchApplicationEnquiry 200',
          'GET /files/* 200',
          'GET /api/application/fetchApplicationEnquiry 400',
          'POST /api/users/login 200',
          'GET /api/application/fetchApplication 200',
          'GET /api/application/case/:id 200',
          'POST /api/application/case/:id/passport 200',
          'GET /api/application/case/:id/passport/:handoverId/slip 200',
          'POST /api/users/refresh 200',
          'POST /api/users/login 401',
          'POST /api/users/login 400',
          'GET /api/no-such-thing 404',
          'GET /api/log-test/fails 500',
          'GET /api/log-test/twice 200',
        ]);
        for (const line of lines.filter((l) => l.msg === 'request completed')) expect(typeof line.responseTime).toBe('number');
        // One line per answer (ADR 0073): no separate line as a request comes in.
        expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
      });

    if (!requestsLogged)
      it('writes no line for a request that went well or was refused', () => {
        expect(lines.filter((l) => l.reqId !== undefined).map((l) => l.msg)).toEqual([
          'unhandled error',
          'Reply was already sent, did you forget to "…" in "…" (GET)?',
        ]);
      });

    it('logs a request that failed with its request id, the error scrubbed', () => {
      const failed = lines.find((l) => l.msg === 'unhandled error' && l.reqId !== undefined) as Line & { err: Record<string, string> };
      expect(failed.level).toBe(50);
      expect(failed.err).toMatchObject({ type: 'Error', message: 'no row for "…"' });
      expect(failed.err.stack).toContain('log-privacy.test.ts');
    });

    it('keeps what mending a fault needs: the error type, code and where it happened', () => {
      const error = lines.find((l) => l.msg === 'unhandled error' && l.reqId === undefined) as Line & { err: Record<string, string> };
      expect(error.err).toMatchObject({ type: 'Error', code: '22007', message: 'invalid input syntax for type date: "…"' });
      expect(error.err.stack).toContain('log-privacy.test.ts');
      expect(error.err).not.toHaveProperty('detail');
      expect(error.err).not.toHaveProperty('parameters');
      const mail = lines.find((l) => l.msg === 'email delivery failed; will retry') as Line & { reason: string };
      expect(mail.reason).toBe('550 5.1.1 <[email]>: Recipient address rejected');
    });
  });
}
