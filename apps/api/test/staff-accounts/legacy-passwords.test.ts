import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_REQUIRED } from '@visa/shared/ui-texts';
import { appForFile } from '@visa/test-support/file-app';
import { totpCode } from '@visa/test-support/totp';
import { insertStaffAccount } from '../../src/modules/domain/staff-accounts/repository.js';

const t = appForFile();

const login = (email: string, password: string) => t.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });
const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
let counter = 0;

/** A staff account as the import brings it over: the earlier app's bcrypt hash, stored as it was. */
async function earlierAccount(password: string, variant: '2a' | '2b' | '2y' = '2b', role: 'admin' | 'superadmin' = 'admin') {
  counter += 1;
  const email = `earlier${counter}@example.com`;
  const passwordHash = bcrypt.hashSync(password, 10).replace(/^\$2b\$/, `$${variant}$`);
  const user = await insertStaffAccount(t.db, { name: `Earlier ${counter}`, email, role, passwordHash });
  return { id: user._id, email, passwordHash };
}

const storedHash = async (id: string) =>
  await t.db.selectFrom('users').select(['password_hash', 'must_change_password']).where('id', '=', id).executeTakeFirstOrThrow();

describe("the earlier app's passwords", () => {
  it.each(['2a', '2b', '2y'] as const)(
    'signs in once with a $%s$ hash, which is replaced there and then by an argon2id one',
    async (variant) => {
      const password = 'a long and sound passphrase';
      const account = await earlierAccount(password, variant);
      const first = await login(account.email, password);
      expect(first.statusCode).toBe(200);
      expect(first.json().user).toEqual({ _id: account.id, name: expect.any(String), email: account.email, role: 'admin' });
      const after = await storedHash(account.id);
      expect(after.password_hash).toMatch(/^\$argon2id\$/);
      expect(after.must_change_password).toBe(0);

      const second = await login(account.email, password);
      expect(second.statusCode).toBe(200);
      expect((await get('/api/application/fetchApplication', second.json().token)).statusCode).toBe(200);
      // Unchanged by a second sign-in: the argon2id hash is this app's own now.
      expect((await storedHash(account.id)).password_hash).toBe(after.password_hash);
    },
  );

  it('refuses a wrong password against an earlier hash and keeps the hash', async () => {
    const account = await earlierAccount('a long and sound passphrase');
    const res = await login(account.email, 'a long and wrong passphrase');
    expect(res.statusCode).toBe(401);
    expect((await storedHash(account.id)).password_hash).toBe(account.passwordHash);
  });

  it('a password breaking the rule signs in, then must be changed before anything else', async () => {
    const weak = 'secret12';
    const account = await earlierAccount(weak, '2b', 'superadmin');
    const signedIn = await login(account.email, weak);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;
    expect(signedIn.json().user.mustChangePassword).toBe(true);
    expect(await storedHash(account.id)).toMatchObject({ password_hash: expect.stringMatching(/^\$argon2id\$/), must_change_password: 1 });

    expect((await get('/api/users/me', token)).json()).toMatchObject({ _id: account.id, mustChangePassword: true });
    expect((await get('/api/users/session', token)).statusCode).toBe(200);
    for (const url of ['/api/application/fetchApplication', '/api/users/get_users', '/api/users/sessions', '/api/application/stats']) {
      const refused = await get(url, token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(PASSWORD_CHANGE_REQUIRED.refused);
    }
    const upload = await t.request({ method: 'POST', url: '/api/application/addApplication', token, payload: {} });
    expect(upload.statusCode).toBe(403);

    // The new password follows the rule like any other.
    const tooShort = await t.request({
      method: 'POST',
      url: '/api/users/profile',
      token,
      payload: { name: 'Earlier owner', currentPassword: weak, password: 'short', confirmPassword: 'short' },
    });
    expect(tooShort.statusCode).toBe(400);
    const changed = await t.request({
      method: 'POST',
      url: '/api/users/profile',
      token,
      payload: {
        name: 'Earlier owner',
        currentPassword: weak,
        password: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().mustChangePassword).toBeUndefined();
    expect((await storedHash(account.id)).must_change_password).toBe(0);
    expect((await get('/api/application/fetchApplication', token)).statusCode).toBe(200);
    expect((await get('/api/users/me', token)).json().mustChangePassword).toBeUndefined();
    expect((await login(account.email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it("the office's second-factor requirement still applies to an earlier account", async () => {
    const owner = await t.createStaff('superadmin');
    const on = await t.request({
      method: 'PUT',
      url: '/api/users/settings/security',
      token: owner.token,
      payload: { requireSecondFactor: true },
    });
    expect(on.statusCode).toBe(200);
    try {
      const weak = 'secret12';
      const account = await earlierAccount(weak);
      const first = await login(account.email, weak);
      expect(first.json()).toEqual({ secondFactor: 'enrol', challenge: expect.any(String) });
      // The hash is replaced at the password step, whatever step follows.
      expect(await storedHash(account.id)).toMatchObject({
        password_hash: expect.stringMatching(/^\$argon2id\$/),
        must_change_password: 1,
      });
      const { challenge } = first.json() as { challenge: string };
      const setup = await t.request({ method: 'POST', url: '/api/users/login/second-factor/setup', payload: { challenge } });
      const { secret } = setup.json() as { secret: string };
      const done = await t.request({
        method: 'POST',
        url: '/api/users/login/second-factor',
        payload: { challenge, code: totpCode(secret) },
      });
      expect(done.statusCode).toBe(200);
      const token = done.json().token as string;
      expect((await get('/api/users/me', token)).json().mustChangePassword).toBe(true);
      expect((await get('/api/application/fetchApplication', token)).statusCode).toBe(403);
    } finally {
      await t.request({ method: 'PUT', url: '/api/users/settings/security', token: owner.token, payload: { requireSecondFactor: false } });
    }
  });
});
