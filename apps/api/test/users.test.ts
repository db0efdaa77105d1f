import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, SERVER, VALIDATION } from '@visa/shared/messages';
import { STAFF, type User } from '@visa/shared/users';
import { verifyPassword } from '../src/modules/staff-accounts/passwords.js';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['createStaff']>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createStaff('superadmin', { name: 'Office Owner' });
});
afterAll(() => t.close());

const UNKNOWN_ID = '0123456789abcdef01234567';

const getUsers = (token?: string) => t.request({ method: 'GET', url: '/api/users/get_users', token });
const addUser = (payload: object, token?: string) => t.request({ method: 'POST', url: '/api/users/add_user', payload, token });
const updateUser = (id: string, payload: object, token?: string) =>
  t.request({ method: 'PUT', url: `/api/users/update_user/${id}`, payload, token });
const deleteUser = (id: string, token?: string) => t.request({ method: 'DELETE', url: `/api/users/delete_user/${id}`, token });
const profile = (payload: object, token?: string) => t.request({ method: 'POST', url: '/api/users/profile', payload, token });
const me = (token: string) => t.request({ method: 'GET', url: '/api/users/me', token });
const login = (email: string, password: string) => t.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });

const userRow = (id: string) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
/** Account changes recorded for one user (sign-ins, failed ones too, are audited but are not what these tests check). */
const auditFor = (id: string) =>
  t.db
    .selectFrom('audit_events')
    .selectAll()
    .where('entity', '=', 'user')
    .where('entity_id', '=', id)
    .where('action', 'not in', ['user.login', 'user.login_failed'])
    .orderBy('at')
    .orderBy('id')
    .execute();
const userCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let seq = 0;
const freshEmail = () => `new-admin-${++seq}-${Date.now().toString(36)}@example.com`;

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
    // Their session keeps working: only a password reset signs them out.
    expect((await me(sub.token)).statusCode).toBe(200);
  });

  it('promotes and demotes, and the new role applies to the next request at once', async () => {
    const sub = await t.createStaff('admin');
    expect((await getUsers(sub.token)).statusCode).toBe(403);
    const promoted = await updateUser(sub.id, { name: 'Promoted', email: sub.email, role: 'superadmin' }, owner.token);
    expect(promoted.json().role).toBe('superadmin');
    expect((await getUsers(sub.token)).statusCode).toBe(200);
    const demoted = await updateUser(sub.id, { name: 'Promoted', email: sub.email, role: 'admin' }, owner.token);
    expect(demoted.json().role).toBe('admin');
    expect((await getUsers(sub.token)).statusCode).toBe(403);
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

describe('DELETE /api/users/delete_user/:id', () => {
  it('deletes a sub-admin, ends their sessions at once, and audits it', async () => {
    const sub = await t.createStaff('admin', { name: 'Leaving Soon' });
    const res = await deleteUser(sub.id, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), _id: sub.id });
    expect(await userRow(sub.id)).toBeUndefined();
    expect((await me(sub.token)).statusCode).toBe(401);
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', sub.id).execute();
    expect(sessions).toEqual([]);
    expect((await auditFor(sub.id)).map((a) => [a.action, a.actor_user_id, JSON.parse(a.details)])).toEqual([
      ['user.deleted', owner.id, { name: 'Leaving Soon', email: sub.email, role: 'admin' }],
    ]);
  });

  it('refuses to delete yourself', async () => {
    const res = await deleteUser(owner.id, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SERVER.cannotDeleteSelf });
    expect(await userRow(owner.id)).toBeDefined();
  });

  it('leaves a lone super-admin no way to remove or demote themself', async () => {
    const solo = await createTestApp();
    try {
      const last = await solo.createStaff('superadmin');
      const del = await solo.request({ method: 'DELETE', url: `/api/users/delete_user/${last.id}`, token: last.token });
      expect(del.statusCode).toBe(409);
      const demote = await solo.request({
        method: 'PUT',
        url: `/api/users/update_user/${last.id}`,
        token: last.token,
        payload: { name: 'Last', email: last.email, role: 'admin' },
      });
      expect(demote.statusCode).toBe(409);
      expect(await solo.db.selectFrom('users').select(['id', 'role']).execute()).toEqual([{ id: last.id, role: 'superadmin' }]);
    } finally {
      await solo.close();
    }
  });

  it('never leaves the office without a super-admin when two remove each other at the same time', async () => {
    const race = await createTestApp();
    try {
      const a = await race.createStaff('superadmin');
      const b = await race.createStaff('superadmin');
      const [ra, rb] = await Promise.all([
        race.request({ method: 'DELETE', url: `/api/users/delete_user/${b.id}`, token: a.token }),
        race.request({ method: 'DELETE', url: `/api/users/delete_user/${a.id}`, token: b.token }),
      ]);
      const codes = [ra.statusCode, rb.statusCode].sort();
      expect(codes[0]).toBe(200);
      // The loser either still passed sign-in and hit the rule (409 last super-admin) or was already gone (401).
      expect([401, 409]).toContain(codes[1]);
      const loser = ra.statusCode === 200 ? rb : ra;
      if (loser.statusCode === 409) expect(loser.json()).toEqual({ message: SERVER.lastSuperadmin });
      const left = await race.db.selectFrom('users').select('id').where('role', '=', 'superadmin').execute();
      expect(left).toHaveLength(1);
    } finally {
      await race.close();
    }
  });

  it('never demotes the last super-admin when two demote each other at the same time', async () => {
    const race = await createTestApp();
    try {
      const a = await race.createStaff('superadmin');
      const b = await race.createStaff('superadmin');
      const results = await Promise.all([
        race.request({
          method: 'PUT',
          url: `/api/users/update_user/${b.id}`,
          token: a.token,
          payload: { name: 'B', email: b.email, role: 'admin' },
        }),
        race.request({
          method: 'PUT',
          url: `/api/users/update_user/${a.id}`,
          token: b.token,
          payload: { name: 'A', email: a.email, role: 'admin' },
        }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const left = await race.db.selectFrom('users').select('id').where('role', '=', 'superadmin').execute();
      expect(left).toHaveLength(1);
    } finally {
      await race.close();
    }
  });

  it('answers 404 for an unknown id and 400 "Invalid ID format" for a malformed one', async () => {
    const before = await userCount();
    const unknown = await deleteUser(UNKNOWN_ID, owner.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: STAFF.notFound });
    for (const bad of ['123', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '0123456789abcdef012345678']) {
      const res = await deleteUser(bad, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(VALIDATION.invalidId);
    }
    expect(await userCount()).toBe(before);
  });

  it('is 401 anonymous and 403 for a sub-admin', async () => {
    const sub = await t.createStaff('admin');
    const victim = await t.createStaff('admin');
    expect((await deleteUser(victim.id)).statusCode).toBe(401);
    expect((await deleteUser(victim.id, sub.token)).statusCode).toBe(403);
    expect(await userRow(victim.id)).toBeDefined();
  });
});

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
