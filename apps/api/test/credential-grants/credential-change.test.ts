import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN, SECOND_FACTOR } from '@visa/shared/ui-texts';
import { PASSWORD_RESET } from '@visa/shared/users';
import { type Staff, appForFile } from '@visa/test-support/file-app';
import { buildApi, cliEnv } from '@visa/test-support/processes';
import { resetLinkSentTo, resetTokenOf } from '@visa/test-support/reset-links';
import type { TestApp } from '@visa/test-support/test-app';
import { totpCode } from '@visa/test-support/totp';
import os from 'node:os';
import { hash } from '@node-rs/argon2';
import { passwordWorkCounters, verifyPassword } from '../../src/modules/domain/staff-accounts/passwords.js';
import { secondFactorRequests } from '../second-factor/fixtures.js';
import { userRequests } from '../staff-accounts/fixtures.js';

/**
 * A password, email or role change and a deletion end what the old credentials let in: open
 * reset links and sign-in challenges (and, for a password or a deletion, sessions), in one place.
 */

const NEW_PASSWORD = 'a brand new passphrase 42';
let address = 0;

function helpers(t: TestApp) {
  const sf = secondFactorRequests(() => t);
  const users = userRequests(() => t);
  /** Asks for a reset link from an address of its own (the per-address limit is not what is tested) and answers its token. */
  async function resetTokenFor(email: string): Promise<string> {
    address += 1;
    const asked = await t.request({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email },
      remoteAddress: `198.51.100.${address}`,
    });
    expect(asked.statusCode).toBe(200);
    return resetTokenOf(await resetLinkSentTo(t, email));
  }
  const resetWith = (token: string) =>
    t.request({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
  const nameOf = async (id: string) => (await users.userRow(id))!.name;
  return { ...sf, ...users, resetTokenFor, resetWith, nameOf };
}

describe('a sign-in challenge and a reset link opened before a change', () => {
  const t = appForFile();
  const h = helpers(t);

  /** An enrolled account, a code challenge from its password and an open reset link, then `change`. */
  async function afterChange(change: (staff: Staff, owner: Staff) => Promise<void>) {
    const owner = await t.createStaff('superadmin');
    const staff = await t.createStaff('admin');
    const { secret } = await h.enrol(staff);
    const challenge = await h.challengeFor(staff);
    const resetToken = await h.resetTokenFor(staff.email);
    await change(staff, owner);
    const step = await h.secondStep({ challenge, code: totpCode(secret, 1) });
    expect(step.statusCode).toBe(401);
    expect(step.json()).toEqual({ message: SECOND_FACTOR.challengeEnded });
    const reset = await h.resetWith(resetToken);
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ message: PASSWORD_RESET.invalidLink });
    return { staff, owner };
  }

  it('end with a password change on the profile', async () => {
    const { staff } = await afterChange(async (staff) => {
      const payload = {
        name: await h.nameOf(staff.id),
        currentPassword: staff.password,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      };
      expect((await h.profile(payload, staff.token)).statusCode).toBe(200);
    });
    // The session that made the change goes on.
    expect((await h.me(staff.token)).statusCode).toBe(200);
  });

  it('end with a new password set by a super-admin, and the account is signed out', async () => {
    const { staff } = await afterChange(async (staff, owner) => {
      const payload = { name: await h.nameOf(staff.id), email: staff.email, password: NEW_PASSWORD };
      expect((await h.updateUser(staff.id, payload, owner.token)).statusCode).toBe(200);
    });
    expect((await h.me(staff.token)).statusCode).toBe(401);
  });

  it('end with an email change, and the account is signed out', async () => {
    const { staff } = await afterChange(async (staff, owner) => {
      const payload = { name: await h.nameOf(staff.id), email: `moved-${staff.email}` };
      expect((await h.updateUser(staff.id, payload, owner.token)).statusCode).toBe(200);
    });
    expect((await h.me(staff.token)).statusCode).toBe(401);
  });

  it('end with a role change, and the account is signed out', async () => {
    const { staff } = await afterChange(async (staff, owner) => {
      const payload = { name: await h.nameOf(staff.id), email: staff.email, role: 'superadmin' };
      expect((await h.updateUser(staff.id, payload, owner.token)).statusCode).toBe(200);
    });
    expect((await h.getUsers(staff.token)).statusCode).toBe(401);
  });

  it('end with the account', async () => {
    await afterChange(async (staff, owner) => {
      expect((await h.deleteUser(staff.id, owner.token)).statusCode).toBe(200);
    });
  });

  it('end with a password reset by link, and the account is signed out', async () => {
    const staff = await t.createStaff('admin');
    const { secret } = await h.enrol(staff);
    const challenge = await h.challengeFor(staff);
    expect((await h.resetWith(await h.resetTokenFor(staff.email))).statusCode).toBe(200);
    expect((await h.secondStep({ challenge, code: totpCode(secret, 1) })).json()).toEqual({ message: SECOND_FACTOR.challengeEnded });
    expect((await h.me(staff.token)).statusCode).toBe(401);
  });

  it('end with `npm run admin -- reset-password`, and the account is signed out', async () => {
    buildApi();
    const { staff } = await afterChange(async (staff) => {
      const run = spawnSync(
        process.execPath,
        ['apps/api/dist/cli/admin.js', 'reset-password', '--email', staff.email, '--password', NEW_PASSWORD],
        {
          cwd: path.resolve(import.meta.dirname, '../../../..'),
          env: { PATH: process.env.PATH ?? '', ...cliEnv(t.config) },
          encoding: 'utf8',
        },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    });
    expect((await h.me(staff.token)).statusCode).toBe(401);
  });

  it('stay open when only the name changes', async () => {
    const owner = await t.createStaff('superadmin');
    const staff = await t.createStaff('admin');
    const { secret } = await h.enrol(staff);
    const challenge = await h.challengeFor(staff);
    expect((await h.updateUser(staff.id, { name: 'Only The Name', email: staff.email }, owner.token)).statusCode).toBe(200);
    expect((await h.secondStep({ challenge, code: totpCode(secret, 1) })).statusCode).toBe(200);
  });
});

describe('an enrolment started with a phished password', () => {
  const t = appForFile();
  const h = helpers(t);

  it('cannot be finished after the holder resets the password by link', async () => {
    const owner = await t.createStaff('superadmin');
    const required = await t.request({
      method: 'PUT',
      url: '/api/users/settings/security',
      token: owner.token,
      payload: { requireSecondFactor: true },
    });
    expect(required.statusCode).toBe(200);
    const victim = await t.createStaff('admin');
    // The attacker signs in with the password and starts setting up their own app.
    const signIn = await h.login(victim.email, victim.password);
    expect(signIn.json()).toEqual({ secondFactor: 'enrol', challenge: expect.any(String) });
    const { challenge } = signIn.json() as { challenge: string };
    const setup = await t.request({ method: 'POST', url: '/api/users/login/second-factor/setup', payload: { challenge } });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };

    // The holder resets the password.
    expect((await h.resetWith(await h.resetTokenFor(victim.email))).statusCode).toBe(200);

    const finish = await h.secondStep({ challenge, code: totpCode(secret) });
    expect(finish.statusCode).toBe(401);
    expect(finish.json()).toEqual({ message: SECOND_FACTOR.challengeEnded });
    expect(await t.db.selectFrom('second_factors').selectAll().where('user_id', '=', victim.id).execute()).toEqual([
      expect.objectContaining({ secret_enc: null, pending_secret_enc: null }),
    ]);
    // The holder, with the new password, sets up their own app.
    const own = await h.login(victim.email, NEW_PASSWORD);
    expect(own.json()).toEqual({ secondFactor: 'enrol', challenge: expect.any(String) });
  });
});

describe('a sign-in whose password was being checked while the account changed', () => {
  const t = appForFile();
  const h = helpers(t);

  /**
   * A hash of a high cost: checking it holds a place in the password-hashing queue for a while, on
   * argon2's own threads. (An earlier app's bcrypt hash is checked on the main thread, where it
   * starved the change's own database round trips until the sign-in had finished.)
   */
  let slowHash = '';
  beforeAll(async () => {
    slowHash = await hash('slow to check', { memoryCost: 65_536, timeCost: 20 });
  });

  /**
   * Starts a sign-in with the right password and holds it in the password-hashing queue, behind
   * slow checks taking every place that runs, until `change` is made; answers what it got. Argon2
   * takes long enough that this is how a change lands in the middle of a real sign-in.
   */
  async function signInAcross(email: string, password: string, change: () => Promise<void>) {
    const before = passwordWorkCounters();
    const busy = Array.from({ length: 3 * os.availableParallelism() }, () => verifyPassword(slowHash, 'not it'));
    // From an address the account never signed in from: a known one would make the sign-in trusted,
    // and trusted work goes ahead of the slow checks instead of waiting behind them.
    address += 1;
    const signIn = t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password },
      remoteAddress: `203.0.113.${address}`,
    });
    // Everything asked of the queue since is either started or waiting; the sign-in, asked last, waits at its tail.
    const submitted = () => passwordWorkCounters().started - before.started + passwordWorkCounters().waiting;
    await expect
      .poll(() => submitted() === busy.length + 1 && passwordWorkCounters().waiting > 0, { interval: 5, timeout: 10_000 })
      .toBe(true);
    await change();
    await Promise.all(busy);
    return signIn;
  }

  it('starts no session after an email change made meanwhile', async () => {
    const owner = await t.createStaff('superadmin');
    const staff = await t.createStaff('admin');
    const sessions = () => t.db.selectFrom('sessions').select('id').where('user_id', '=', staff.id).execute();
    const before = await sessions();
    const signIn = await signInAcross(staff.email, staff.password, async () => {
      const payload = { name: await h.nameOf(staff.id), email: `moved-${staff.email}` };
      expect((await h.updateUser(staff.id, payload, owner.token)).statusCode).toBe(200);
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual({ message: LOGIN.invalidCredentials });
    expect(signIn.headers['set-cookie']?.toString() ?? '').not.toContain('refresh_token=');
    expect(await sessions()).toEqual(before);
  });

  it('opens no second-step challenge after a deletion made meanwhile', async () => {
    const owner = await t.createStaff('superadmin');
    const staff = await t.createStaff('admin');
    await h.enrol(staff);
    const signIn = await signInAcross(staff.email, staff.password, async () => {
      expect((await h.deleteUser(staff.id, owner.token)).statusCode).toBe(200);
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual({ message: LOGIN.invalidCredentials });
    expect(await t.db.selectFrom('login_challenges').select('id').where('user_id', '=', staff.id).execute()).toEqual([]);
  });
});
