import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { PASSWORD, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { ConfigError, loadConfig } from '../../src/config.js';
import { auditedClient } from '../../src/modules/kernel/audit/client.js';
import { insertStaffAccount } from '../../src/modules/domain/staff-accounts/repository.js';
import { appForFile, staffForFile } from '@visa/test-support/file-app';

/** The password rule for every password someone sets, and the profile's current password (ADR 0017). */

const t = appForFile();
const owner = staffForFile(t, 'superadmin');

let seq = 0;
const freshEmail = (name = 'staffer') => `${name}${++seq}@example.com`;
const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });
const addUser = (payload: object) => t.request({ method: 'POST', url: '/api/users/add_user', payload, token: owner.token });
const updateUser = (id: string, payload: object) =>
  t.request({ method: 'PUT', url: `/api/users/update_user/${id}`, payload, token: owner.token });
const profile = (payload: object, token: string, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/api/users/profile', payload, token, remoteAddress });
const me = (token: string) => t.request({ method: 'GET', url: '/api/users/me', token });
const auditOf = (userId: string, action: string) =>
  t.db
    .selectFrom('audit_events')
    .selectAll()
    .where('entity_id', '=', userId)
    .where('action', '=', action)
    .orderBy('at')
    .orderBy('id')
    .execute();

describe('every password someone sets follows the rule', () => {
  const cases = [
    ['too short', 'a'.repeat(11), PASSWORD.tooShort],
    ['too long', 'a'.repeat(129), PASSWORD.tooLong],
    ['common', 'iloveyou1234', PASSWORD.common],
    ['common in another case', 'IloveYou1234', PASSWORD.common],
  ] as const;

  it.each(cases)('add admin refuses a %s password with 400 under the password field', async (_what, password, message) => {
    const email = freshEmail();
    const res = await addUser({ name: 'New Admin', email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ path: 'password', message }] });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it("add admin refuses a password holding the new account's email name", async () => {
    const res = await addUser({ name: 'Karim', email: 'karim.hossain@example.com', password: 'Karim.Hossain-2026!' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: PASSWORD.containsEmailName,
      errors: [{ path: 'password', message: PASSWORD.containsEmailName }],
    });
  });

  it('takes any characters: spaces and emoji count as one character each', async () => {
    const email = freshEmail();
    // Eleven emoji and a space: twelve characters, though 23 UTF-16 units.
    const password = '🔑🌙🌧🍵📮🧭🪁🎈🧩🪴🕯 ';
    const res = await addUser({ name: 'Emoji Fan', email, password });
    expect(res.statusCode).toBe(201);
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('edit admin judges a new password against the email the account will have', async () => {
    const sub = await t.createStaff('admin');
    const res = await updateUser(sub.id, { name: 'Renamed', email: 'shapla.akter@example.com', password: 'shapla.akter is my name' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSWORD.containsEmailName);
    const common = await updateUser(sub.id, { name: 'Renamed', email: sub.email, password: '1qaz2wsx3edc' });
    expect(common.json()).toMatchObject({ message: PASSWORD.common, errors: [{ path: 'password' }] });
    expect((await login(sub.email, sub.password)).statusCode).toBe(200);
  });

  it("a super-admin setting another account's password ends that account's sessions", async () => {
    const sub = await t.createStaff('admin');
    const elsewhere = (await login(sub.email, sub.password, '192.0.2.77')).json().token as string;
    const res = await updateUser(sub.id, { name: 'Reset', email: sub.email, password: 'violet kettle on the stairs' });
    expect(res.statusCode).toBe(200);
    expect((await me(sub.token)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
  });
});

describe('normalised passwords', () => {
  it('hashes the NFKC form, so the same password typed another way signs in', async () => {
    const email = freshEmail();
    // "café" with a combining accent, as some keyboards produce it.
    expect((await addUser({ name: 'Accents', email, password: 'cafe\u0301 au lait, s’il vous plaît' })).statusCode).toBe(201);
    expect((await login(email, 'café au lait, s’il vous plaît')).statusCode).toBe(200);
    expect((await login(email, 'cafe\u0301 au lait, s’il vous plaît')).statusCode).toBe(200);
  });

  it('keeps signing in accounts whose hash was made from the password as typed, before normalising', async () => {
    const email = freshEmail();
    const typed = 'ﬁne ﬁsh ﬁngers';
    expect(typed.normalize('NFKC')).not.toBe(typed);
    await insertStaffAccount(t.db, { name: 'Old Hash', email, role: 'admin', passwordHash: await hash(typed) });
    expect((await login(email, typed)).statusCode).toBe(200);
    expect((await login(email, 'fine fish fingers')).statusCode).toBe(401);
  });

  it('sign-in still takes an old password longer than the new upper bound', async () => {
    const email = freshEmail();
    const long = 'x'.repeat(600);
    await insertStaffAccount(t.db, { name: 'Long Old', email, role: 'admin', passwordHash: await hash(long) });
    expect((await login(email, long)).statusCode).toBe(200);
  });
});

describe('POST /api/users/profile needs the current password', () => {
  const change = (current: string, next = 'violet kettle on the stairs') => ({
    name: 'Same Name',
    currentPassword: current,
    password: next,
    confirmPassword: next,
  });

  it('refuses a wrong current password with 400 under its field, audits it and changes nothing', async () => {
    const sub = await t.createStaff('admin', { name: 'Same Name' });
    const res = await profile(change('not my password'), sub.token, '192.0.2.15');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PASSWORD.currentWrong, errors: [{ path: 'currentPassword', message: PASSWORD.currentWrong }] });
    expect((await login(sub.email, sub.password)).statusCode).toBe(200);
    const [event] = await auditOf(sub.id, 'user.current_password_wrong');
    expect(JSON.parse(event!.details)).toEqual({ client: auditedClient(t.config.APP_SECRET!, '192.0.2.15') });
    expect(event!.details).not.toContain('192.0.2.15');
    expect(event!.details).not.toContain('not my password');
  });

  it('is "all fields are required" without a current password', async () => {
    const sub = await t.createStaff('admin');
    const { currentPassword: _omitted, ...rest } = change('x');
    const res = await profile(rest, sub.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VALIDATION.allFieldsRequired);
  });

  it('applies the password rule to the new password with the account email', async () => {
    const sub = await t.createStaff('admin', { email: freshEmail('nasrin.begum') });
    const named = await profile(change(sub.password, `${sub.email.split('@')[0]} rules ok`), sub.token);
    expect(named.json()).toMatchObject({ message: PASSWORD.containsEmailName, errors: [{ path: 'password' }] });
    const common = await profile(change(sub.password, 'password1234'), sub.token);
    expect(common.json()).toMatchObject({ message: PASSWORD.common });
  });

  it('on success keeps this session, ends the others and records the change', async () => {
    const sub = await t.createStaff('admin', { name: 'Same Name' });
    const other = (await login(sub.email, sub.password, '192.0.2.16')).json().token as string;
    const res = await profile(change(sub.password), sub.token);
    expect(res.statusCode).toBe(200);
    expect((await me(sub.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(sub.email, 'violet kettle on the stairs')).statusCode).toBe(200);
    expect((await auditOf(sub.id, 'user.profile_updated')).map((e) => JSON.parse(e.details))).toEqual([{ changed: ['password'] }]);
  });

  it('counts wrong current passwords against a limit: past it, 429 even for the right one', async () => {
    const sub = await t.createStaff('admin', { name: 'Same Name' });
    for (let i = 0; i < LIMITS.profilePassword.perAccount.limit; i++)
      expect((await profile(change(`wrong guess ${i}`), sub.token)).statusCode).toBe(400);
    const limited = await profile(change(sub.password), sub.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SERVER.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('ADMIN_PASSWORD at start-up', () => {
  const load = (password: string, email = 'owner@example.com') =>
    loadConfig({ DATA_DIR: t.dataDir, ADMIN_EMAIL: email, ADMIN_PASSWORD: password, LOG_LEVEL: 'silent' });
  const refusal = (password: string, email?: string) => {
    try {
      load(password, email);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    return null;
  };

  it.each([
    ['short-pw-1', 'Invalid configuration: ADMIN_PASSWORD must be at least 12 characters long'],
    ['y'.repeat(129), 'Invalid configuration: ADMIN_PASSWORD must be at most 128 characters long'],
    ['qwerty123456', 'Invalid configuration: ADMIN_PASSWORD is on the list of common or leaked passwords; choose another'],
    ['the owner of this desk', 'Invalid configuration: ADMIN_PASSWORD must not contain the part of ADMIN_EMAIL before the @'],
  ])('refuses %j with one line naming the variable and the reason, never the value', (password, message) => {
    const line = refusal(password);
    expect(line).toBe(message);
    expect(line).not.toContain(password);
  });

  it('accepts a password that follows the rule', () => {
    expect(load('violet kettle on the stairs').ADMIN_PASSWORD).toBe('violet kettle on the stairs');
  });
});
