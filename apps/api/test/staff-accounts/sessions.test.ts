import { describe, expect, it } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { LOGIN, SERVER } from '@visa/shared/ui-texts';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';

/** Session behaviour (ADR 0005) beyond what auth.test.ts covers. */

const t = appForFile();

type Res = Awaited<ReturnType<TestApp['request']>>;
const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });
const refresh = (refreshToken: string) =>
  t.request({ method: 'POST', url: '/api/users/refresh', cookies: { refresh_token: refreshToken } });
const cookie = (res: Res, name: string) => res.cookies.find((c) => c.name === name);
const me = (token: string) => t.request({ method: 'GET', url: '/api/users/me', token });

describe('login rate limits', () => {
  it('limits one address across many emails, with the message the form shows', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < LIMITS.login.perAddress.limit; i++) {
      expect((await login(`nobody-${i}@example.com`, 'nope', address)).statusCode).toBe(401);
    }
    const limited = await login('someone-else@example.com', 'nope', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SERVER.tooManyRequests });
    // Another address is not affected.
    expect((await login('someone-else@example.com', 'nope', '203.0.113.8')).statusCode).toBe(401);
  });

  it('limits one email from one address, and that address only: the account still signs in from elsewhere', async () => {
    const staff = await t.createStaff();
    for (let i = 0; i < LIMITS.login.perAccountAndAddress.limit; i++) {
      expect((await login(staff.email, 'nope', '198.51.100.1')).statusCode).toBe(401);
    }
    expect((await login(staff.email.toUpperCase(), staff.password, '198.51.100.1')).statusCode).toBe(429);
    expect((await login(staff.email, staff.password, '198.51.100.2')).statusCode).toBe(200);
  });

  it('forgets earlier failures for an email after a successful sign-in', async () => {
    const staff = await t.createStaff();
    for (let i = 0; i < LIMITS.login.perAccountAndAddress.limit - 1; i++)
      expect((await login(staff.email, 'nope', '192.0.2.1')).statusCode).toBe(401);
    expect((await login(staff.email, staff.password, '192.0.2.1')).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.login.perAccountAndAddress.limit - 1; i++)
      expect((await login(staff.email, 'nope', '192.0.2.1')).statusCode).toBe(401);
    expect((await login(staff.email, staff.password, '192.0.2.1')).statusCode).toBe(200);
  });

  it('does not reveal whether an email exists, even for a wrong-case email', async () => {
    const staff = await t.createStaff();
    const known = await login(staff.email.toUpperCase(), 'wrong', '192.0.2.50');
    const unknown = await login('NOBODY@EXAMPLE.COM', 'wrong', '192.0.2.50');
    expect(known.json()).toEqual({ message: LOGIN.invalidCredentials });
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.statusCode).toBe(known.statusCode);
  });
});

describe('refresh cookie', () => {
  it('is Secure when the site is served over https, and the refresh answer carries no refresh token', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://visa.example.com' });
    try {
      const staff = await secure.createStaff();
      const res = await secure.request({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: staff.email, password: staff.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
      expect(res.cookies.find((c) => c.name === 'session')).toMatchObject({ secure: true, sameSite: 'Strict' });

      const rotated = await secure.request({
        method: 'POST',
        url: '/api/users/refresh',
        cookies: { refresh_token: res.cookies.find((c) => c.name === 'refresh_token')!.value },
      });
      expect(rotated.statusCode).toBe(200);
      expect(Object.keys(rotated.json()).sort()).toEqual(['session', 'token', 'user']);
      expect(rotated.json().user).toMatchObject({ _id: staff.id, role: 'admin' });
      expect(rotated.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/users',
      });
    } finally {
      await secure.close();
    }
  });

  it('stops working when the family has expired, and clears both cookies', async () => {
    const staff = await t.createStaff();
    const res = await login(staff.email, staff.password, '192.0.2.60');
    const token = res.json().token as string;
    await t.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('user_id', '=', staff.id).execute();
    const expired = await refresh(cookie(res, 'refresh_token')!.value);
    expect(expired.statusCode).toBe(401);
    expect(cookie(expired, 'refresh_token')?.value).toBe('');
    expect(cookie(expired, 'session')?.value).toBe('');
    // The access token belongs to that session, so it stops too.
    expect((await me(token)).statusCode).toBe(401);
  });

  it('stores only a hash of the refresh token', async () => {
    const staff = await t.createStaff();
    const res = await login(staff.email, staff.password, '192.0.2.61');
    const value = cookie(res, 'refresh_token')!.value;
    const rows = await t.db.selectFrom('sessions').select('refresh_hash').where('user_id', '=', staff.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.refresh_hash).not.toContain(value);
  });

  it('refreshes many times in a row, each token once', async () => {
    const staff = await t.createStaff();
    let current = cookie(await login(staff.email, staff.password, '192.0.2.62'), 'refresh_token')!.value;
    const seen = new Set([current]);
    for (let i = 0; i < 3; i++) {
      const res = await refresh(current);
      expect(res.statusCode).toBe(200);
      current = cookie(res, 'refresh_token')!.value;
      expect(seen.has(current)).toBe(false);
      seen.add(current);
    }
    expect((await me((await refresh(current)).json().token as string)).statusCode).toBe(200);
  });
});
