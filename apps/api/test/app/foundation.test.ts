import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/ui-texts';
import { loadConfig } from '../../src/config.js';
import { newId } from '../../src/lib/ids.js';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();

describe('server basics', () => {
  it('answers the health check after checking the database', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      version: JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')).version,
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ message: SERVER.notFound });
  });

  it('refuses an unsafe API call without the anti-forgery header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'a@b.c', password: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SERVER.xsrf });
  });

  it('refuses a header that does not match the cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { 'x-xsrf-token': 'one' },
      cookies: { 'XSRF-TOKEN': 'two' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('hands out the anti-forgery cookie, readable by scripts and same-site only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Strict');
  });

  it('sends security headers; API answers carry a deny-everything content security policy', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.body).not.toContain('at ');
  });

  it('answers text with a NUL byte without a 5xx on either engine, in a public and a staff call', async () => {
    const staff = await t.createStaff('admin');
    const calls = [
      { url: '/api/application/fetchApplicationEnquiry?search=AB%00123&search1=Bangladeshi&search2=1990-01-01' },
      { url: '/api/application/checkAvailability?email=a%00@example.com&passport=AB%00123', token: staff.token },
    ];
    for (const call of calls) {
      const res = await t.request({ method: 'GET', ...call });
      expect(res.statusCode, call.url).toBeLessThan(500);
      expect(res.json(), call.url).toEqual(res.statusCode === 400 ? { message: SERVER.invalidInput } : expect.any(Object));
    }
  });

  it('refuses an oversized JSON body with 413', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(400_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: SERVER.payloadTooLarge });
  });

  it('publishes an OpenAPI description', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/users/login');
    // Every operation says what it does, the case's routes (ADR 0077) and the status check's answer too.
    const paths = res.json().paths as Record<string, Record<string, { summary?: string; description?: string }>>;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, ...op })),
    );
    expect(operations.filter((op) => !op.summary?.trim()).map((op) => `${op.method} ${op.path}`)).toEqual([]);
    const CASE_ROUTES = [
      'get /api/application/case/{id}',
      'get /api/application/work',
      'patch /api/application/case/{id}/letters/{letterId}',
      'post /api/application/case/{id}/letters',
      'post /api/application/case/{id}/steps',
    ];
    const caseRoutes = operations.filter((op) => CASE_ROUTES.includes(`${op.method} ${op.path}`));
    expect(caseRoutes).toHaveLength(CASE_ROUTES.length);
    // What a change takes is spelt out.
    expect(caseRoutes.filter((op) => op.method !== 'get' && !op.description).map((op) => op.path)).toEqual([]);
    expect(paths['/api/application/fetchApplicationEnquiry']!.post!.description).toMatch(/stage.*waiting/s);
    // The release it describes, as /api/health and the staff footer name it.
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.json().info.version).toBe(health.json().version);
  });
});

describe('configuration', () => {
  it('stops on a bad PORT with one line naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")');
  });

  it('refuses a database URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid configuration: DATABASE_URL/);
  });

  it('never echoes a secret in the message', () => {
    expect(() => loadConfig({ APP_SECRET: 'short-secret' })).toThrow(
      'Invalid configuration: APP_SECRET must be at least 32 characters long',
    );
  });

  it('uses the documented defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toBe('/srv/app/data');
    expect(c.database).toEqual({ kind: 'sqlite', file: '/srv/app/data/visa.sqlite' });
    expect(c.APP_TIMEZONE).toBe('Asia/Dhaka');
  });
});

describe('ids', () => {
  it('are 24 lowercase hex characters starting with the time', () => {
    const id = newId(Date.UTC(2026, 0, 1));
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(id.slice(0, 8)).toBe((Date.UTC(2026, 0, 1) / 1000).toString(16));
  });

  it('increase within one process, so same-millisecond rows keep their order', () => {
    const now = Date.now();
    const ids = Array.from({ length: 1000 }, () => newId(now));
    expect(new Set(ids).size).toBe(1000);
    // The 3-byte counter starts at a random value, so it may wrap (once) within a run.
    expect(ids.filter((id, i) => i > 0 && id < ids[i - 1]!).length).toBeLessThanOrEqual(1);
  });
});
