import { describe, expect, it } from 'vitest';
import { PASSWORD, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { userRequests } from './fixtures.js';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();

const { profile, me, login, userRow, auditFor } = userRequests(() => t);

describe('POST /api/users/profile', () => {
  it('changes the signed-in name and password, keeps this session and signs the others out', async () => {
    const sub = await t.createStaff('admin', { name: 'Old Name' });
    const otherDevice = (await login(sub.email, sub.password)).json().token as string;
    expect((await me(otherDevice)).statusCode).toBe(200);

    const res = await profile(
      {
        name: ' New Name ',
        email: 'ignored@example.com',
        currentPassword: sub.password,
        password: 'a new password',
        confirmPassword: 'a new password',
      },
      sub.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: sub.id, name: 'New Name', email: sub.email, role: 'admin' });
    // The email is fixed on the profile: what the form sends is ignored.
    expect(await userRow(sub.id)).toMatchObject({ name: 'New Name', email: sub.email });

    expect((await me(sub.token)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await login(sub.email, sub.password)).statusCode).toBe(401);
    expect((await login(sub.email, 'a new password')).statusCode).toBe(200);
    expect((await auditFor(sub.id)).map((a) => [a.action, a.actor_user_id, JSON.parse(a.details)])).toEqual([
      ['user.profile_updated', sub.id, { changed: ['name', 'password'] }],
    ]);
  });

  it.each([
    [{ name: '', password: 'a new password', confirmPassword: 'a new password' }, VALIDATION.allFieldsRequired],
    [{ name: 'Name', password: '', confirmPassword: '' }, VALIDATION.allFieldsRequired],
    [{ name: 'Name', password: 'a new password', confirmPassword: '' }, VALIDATION.allFieldsRequired],
    [{ name: 'Name', password: 'a new password', confirmPassword: 'another password' }, SERVER.passwordsMustMatch],
    [{ name: 'Name', password: 'short', confirmPassword: 'short' }, PASSWORD.tooShort],
    [{ name: 'Name', currentPassword: '', password: 'a new password', confirmPassword: 'a new password' }, VALIDATION.allFieldsRequired],
    [
      { name: 'Name', currentPassword: 'not the password', password: 'a new password', confirmPassword: 'a new password' },
      PASSWORD.currentWrong,
    ],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const sub = await t.createStaff('admin', { name: 'Untouched' });
    const res = await profile({ currentPassword: sub.password, ...payload }, sub.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await userRow(sub.id)).toMatchObject({ name: 'Untouched' });
    expect((await login(sub.email, sub.password)).statusCode).toBe(200);
  });

  it('is 401 without a token', async () => {
    const res = await profile({ name: 'Name', currentPassword: 'anything', password: 'a new password', confirmPassword: 'a new password' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions of the signed-in account', () => {
  it('lists live devices, marks the current one, and signs out everywhere', async () => {
    const sub = await t.createStaff('admin');
    const second = await login(sub.email, sub.password);
    const secondToken = second.json().token as string;

    const list = await t.request({ method: 'GET', url: '/api/users/sessions', token: sub.token });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { current: boolean; userAgent: string | null }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const out = await t.request({
      method: 'POST',
      url: '/api/users/logout_all',
      token: secondToken,
      cookies: { refresh_token: second.cookies.find((c) => c.name === 'refresh_token')!.value },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
    expect((await me(sub.token)).statusCode).toBe(401);
    expect((await me(secondToken)).statusCode).toBe(401);
  });

  it('is 401 without a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/users/sessions' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/users/logout_all' })).statusCode).toBe(401);
  });
});
