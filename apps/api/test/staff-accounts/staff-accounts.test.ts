import { describe, expect, it } from 'vitest';
import { PASSWORD, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import type { User } from '@visa/shared/users';
import { STAFF } from '@visa/shared/staff-account-texts';
import { verifyPassword } from '../../src/modules/domain/staff-accounts/passwords.js';
import { UNKNOWN_ID, freshEmail, userRequests } from './fixtures.js';
import { appForFile, staffForFile } from '@visa/test-support/file-app';

const t = appForFile();
const owner = staffForFile(t, 'superadmin', { name: 'Office Owner' });

const { getUsers, addUser, updateUser, me, login, userRow, auditFor, userCount } = userRequests(() => t);

describe('GET /api/users/get_users', () => {
  it('lists every staff account with its real role, for a super-admin', async () => {
    const sub = await t.createStaff('admin', { name: 'Listed Sub' });
    const res = await getUsers(owner.token);
    expect(res.statusCode).toBe(200);
    const list = res.json() as User[];
    expect(list).toEqual(
      expect.arrayContaining([
        { _id: owner.id, name: 'Office Owner', email: owner.email, role: 'superadmin' },
        { _id: sub.id, name: 'Listed Sub', email: sub.email, role: 'admin' },
      ]),
    );
    for (const user of list) expect(Object.keys(user).sort()).toEqual(['_id', 'email', 'name', 'role']);
  });

  it('is 401 without a token and 403 for a sub-admin', async () => {
    const sub = await t.createStaff('admin');
    const anonymous = await getUsers();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: SERVER.unauthorized });
    const forbidden = await getUsers(sub.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: SERVER.forbidden });
  });
});

describe('POST /api/users/add_user', () => {
  it('creates a sub-admin with a lower-cased, trimmed email and an argon2id hash, and audits it', async () => {
    const email = freshEmail();
    const res = await addUser({ name: '  New Admin ', email: `  ${email.toUpperCase()} `, password: 'long enough pw' }, owner.token);
    expect(res.statusCode).toBe(201);
    const created = res.json() as User;
    expect(created).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'New Admin', email, role: 'admin' });
    expect(JSON.stringify(res.json())).not.toContain('password');

    const row = await userRow(created._id);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.password_hash, 'long enough pw')).toBe(true);
    const audit = await auditFor(created._id);
    expect(audit.map((a) => [a.action, a.actor_user_id, JSON.parse(a.details)])).toEqual([['user.created', owner.id, { role: 'admin' }]]);

    // The new account can sign in.
    expect((await login(email, 'long enough pw')).statusCode).toBe(200);
  });

  it('can create another super-admin when asked to', async () => {
    const res = await addUser({ name: 'Second Owner', email: freshEmail(), password: 'long enough pw', role: 'superadmin' }, owner.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('superadmin');
  });

  it('answers 409 for an email that is taken, whatever its case, and creates nothing', async () => {
    const before = await userCount();
    const res = await addUser({ name: 'Copy', email: owner.email.toUpperCase(), password: 'long enough pw' }, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SERVER.emailTaken });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ name: '', email: 'a@example.com', password: 'long enough pw' }, VALIDATION.allFieldsRequired],
    [{ name: 'A Name', email: '   ', password: 'long enough pw' }, VALIDATION.allFieldsRequired],
    [{ name: 'A Name', email: 'a@example.com' }, VALIDATION.allFieldsRequired],
    [{ name: 'A Name', email: 'not-an-email', password: 'long enough pw' }, VALIDATION.email],
    [{ name: 'A Name', email: 'a@example.com', password: 'short' }, PASSWORD.tooShort],
    [{ name: 'A Name', email: 'a@example.com', password: 'long enough pw', role: 'owner' }, undefined],
    [{ name: ['x'], email: 'a@example.com', password: 'long enough pw' }, VALIDATION.allFieldsRequired],
  ])('refuses bad input %j with 400 and changes nothing', async (payload, message) => {
    const before = await userCount();
    const res = await addUser(payload, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(message ?? expect.any(String));
    expect(await userCount()).toBe(before);
  });

  it('refuses a body that is not JSON with a 4xx', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/users/add_user',
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('is 401 anonymous and 403 for a sub-admin, before the body is even read', async () => {
    const sub = await t.createStaff('admin');
    const before = await userCount();
    const payload = { name: 'Sneaky', email: freshEmail(), password: 'long enough pw' };
    expect((await addUser(payload)).statusCode).toBe(401);
    expect((await addUser(payload, sub.token)).statusCode).toBe(403);
    // Invalid input from an outsider is still a 401/403, not a validation answer.
    expect((await addUser({})).statusCode).toBe(401);
    expect((await addUser({}, sub.token)).statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });
});

describe('PUT /api/users/update_user/:id', () => {
  it('changes name and email, answers the user, and audits which fields changed', async () => {
    const sub = await t.createStaff('admin', { name: 'Before Name' });
    const email = freshEmail();
    const res = await updateUser(sub.id, { name: 'After Name', email: email.toUpperCase() }, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: sub.id, name: 'After Name', email, role: 'admin' });
    expect(await userRow(sub.id)).toMatchObject({ name: 'After Name', email });
    const audit = await auditFor(sub.id);
    expect(audit.map((a) => [a.action, a.actor_user_id, JSON.parse(a.details)])).toEqual([
      ['user.updated', owner.id, { changed: ['name', 'email'] }],
    ]);
    // A new email signs them out: their sessions began under the old one.
    expect((await me(sub.token)).statusCode).toBe(401);
    expect((await login(email, sub.password)).statusCode).toBe(200);
  });

  it('promotes and demotes, signing the account out, and the new role applies from its next sign-in', async () => {
    const sub = await t.createStaff('admin');
    expect((await getUsers(sub.token)).statusCode).toBe(403);
    const signIn = async () => (await login(sub.email, sub.password)).json().token as string;
    const promoted = await updateUser(sub.id, { name: 'Promoted', email: sub.email, role: 'superadmin' }, owner.token);
    expect(promoted.json().role).toBe('superadmin');
    expect((await getUsers(sub.token)).statusCode).toBe(401);
    const asSuperAdmin = await signIn();
    expect((await getUsers(asSuperAdmin)).statusCode).toBe(200);
    const demoted = await updateUser(sub.id, { name: 'Promoted', email: sub.email, role: 'admin' }, owner.token);
    expect(demoted.json().role).toBe('admin');
    expect((await getUsers(asSuperAdmin)).statusCode).toBe(401);
    expect((await getUsers(await signIn())).statusCode).toBe(403);
  });

  it("resets another account's password and signs that account out everywhere", async () => {
    const sub = await t.createStaff('admin');
    const res = await updateUser(sub.id, { name: 'Reset', email: sub.email, password: 'brand new password' }, owner.token);
    expect(res.statusCode).toBe(200);
    expect((await me(sub.token)).statusCode).toBe(401);
    expect((await login(sub.email, sub.password)).statusCode).toBe(401);
    expect((await login(sub.email, 'brand new password')).statusCode).toBe(200);
    expect(JSON.parse((await auditFor(sub.id)).at(-1)!.details)).toEqual({ changed: ['name', 'password'] });
  });

  it('refuses to let a super-admin change their own role', async () => {
    const self = await t.createStaff('superadmin');
    const res = await updateUser(self.id, { name: 'Me', email: self.email, role: 'admin' }, self.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: STAFF.cannotChangeOwnRole });
    expect((await userRow(self.id))?.role).toBe('superadmin');
    // Their own name and email they may change.
    const ok = await updateUser(self.id, { name: 'Me Renamed', email: self.email, role: 'superadmin' }, self.token);
    expect(ok.statusCode).toBe(200);
  });

  it('answers 409 when the new email belongs to someone else, and changes nothing', async () => {
    const a = await t.createStaff('admin', { name: 'Keeps Name' });
    const b = await t.createStaff('admin');
    const res = await updateUser(a.id, { name: 'Other Name', email: b.email }, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SERVER.emailTaken });
    expect(await userRow(a.id)).toMatchObject({ name: 'Keeps Name', email: a.email });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await updateUser(UNKNOWN_ID, { name: 'Nobody', email: freshEmail() }, owner.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: STAFF.notFound });
    const malformed = await updateUser('not-an-id', { name: 'Nobody', email: freshEmail() }, owner.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(VALIDATION.invalidId);
  });

  it.each([
    [{ name: '', email: 'x@example.com' }, VALIDATION.allFieldsRequired],
    [{ name: 'Name' }, VALIDATION.allFieldsRequired],
    [{ name: 'Name', email: 'nope' }, VALIDATION.email],
    [{ name: 'Name', email: 'x@example.com', password: 'short' }, PASSWORD.tooShort],
  ])('refuses bad input %j with 400 and changes nothing', async (payload, message) => {
    const sub = await t.createStaff('admin', { name: 'Unchanged' });
    const res = await updateUser(sub.id, payload, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await userRow(sub.id)).toMatchObject({ name: 'Unchanged', email: sub.email });
  });

  it('is 401 anonymous and 403 for a sub-admin (even on themself)', async () => {
    const sub = await t.createStaff('admin', { name: 'Sub Self' });
    expect((await updateUser(sub.id, { name: 'X Y', email: sub.email })).statusCode).toBe(401);
    expect((await updateUser(sub.id, { name: 'X Y', email: sub.email, role: 'superadmin' }, sub.token)).statusCode).toBe(403);
    expect((await updateUser(owner.id, { name: 'X Y', email: owner.email }, sub.token)).statusCode).toBe(403);
    expect(await userRow(sub.id)).toMatchObject({ name: 'Sub Self', role: 'admin' });
  });
});
