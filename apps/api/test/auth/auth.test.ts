import { describe, expect, it } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { LOGIN, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();

const login = (email: string, password: string) => t.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });
const refresh = (refreshToken: string) =>
  t.request({ method: 'POST', url: '/api/users/refresh', cookies: { refresh_token: refreshToken } });
const cookie = (res: Awaited<ReturnType<typeof login>>, name: string) => res.cookies.find((c) => c.name === name);

describe('sign-in', () => {
  it('answers a token, the user and the session limits, and sets the refresh cookie httpOnly until the 12-hour absolute end', async () => {
    const staff = await t.createStaff('superadmin');
    const res = await login(staff.email.toUpperCase(), staff.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toEqual({ _id: staff.id, name: expect.any(String), email: staff.email, role: 'superadmin' });
    expect(body).not.toHaveProperty('refreshToken');
    const refreshCookie = cookie(res, 'refresh_token');
    expect(body.session).toMatchObject({ idleMinutes: 30, expiresAt: expect.any(String), idleExpiresAt: expect.any(String) });
    // The clock moves on between the server's answer and this line: a second either way.
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users' });
    expect(refreshCookie!.maxAge).toBeGreaterThanOrEqual(12 * 3600 - 1);
    expect(refreshCookie!.maxAge).toBeLessThanOrEqual(12 * 3600);
    expect(cookie(res, 'session')).toMatchObject({ value: '1', path: '/', maxAge: refreshCookie!.maxAge });
    expect(cookie(res, 'session')?.httpOnly).toBeFalsy();
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const staff = await t.createStaff();
    const wrong = await login(staff.email, 'wrong password');
    const unknown = await login('nobody@example.com', 'wrong password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: LOGIN.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('requires both fields', async () => {
    const res = await login('', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VALIDATION.allFieldsRequired);
  });

  it('rate limits repeated attempts on one email from one address with 429', async () => {
    const staff = await t.createStaff();
    for (let i = 0; i < LIMITS.login.perAccountAndAddress.limit; i++) expect((await login(staff.email, 'nope')).statusCode).toBe(401);
    const limited = await login(staff.email, staff.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SERVER.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('lets /me answer only with a valid token', async () => {
    const staff = await t.createStaff();
    expect((await t.request({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: 'not.a.jwt' })).statusCode).toBe(401);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: staff.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ _id: staff.id, name: expect.any(String), email: staff.email, role: 'admin' });
  });

  it('rotates the refresh token, and a reused one signs the whole family out', async () => {
    const staff = await t.createStaff();
    const first = await login(staff.email, staff.password);
    const original = cookie(first, 'refresh_token')!.value;

    const rotated = await refresh(original);
    expect(rotated.statusCode).toBe(200);
    const next = cookie(rotated, 'refresh_token')!.value;
    expect(next).not.toBe(original);
    const newToken = rotated.json().token as string;
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: newToken })).statusCode).toBe(200);

    // The stolen original is replayed: the family is revoked, so even the fresh token stops working.
    const replay = await refresh(original);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: newToken })).statusCode).toBe(401);
  });

  it('logs out: the session is revoked and both cookies cleared', async () => {
    const staff = await t.createStaff();
    const res = await login(staff.email, staff.password);
    const token = res.json().token as string;
    const refreshToken = cookie(res, 'refresh_token')!.value;
    const out = await t.request({ method: 'POST', url: '/api/users/logout', token, cookies: { refresh_token: refreshToken } });
    expect(out.statusCode).toBe(200);
    expect(cookie(out, 'refresh_token')?.value).toBe('');
    expect(cookie(out, 'session')?.value).toBe('');
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('refuses a refresh without a cookie', async () => {
    const res = await t.request({ method: 'POST', url: '/api/users/refresh' });
    expect(res.statusCode).toBe(401);
  });
});
