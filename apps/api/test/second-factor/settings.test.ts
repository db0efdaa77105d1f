import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR } from '@visa/shared/ui-texts';
import { runSecondFactorCommand } from '../../src/modules/domain/second-factor/cli.js';
import { captureIo, cliEnv } from '@visa/test-support/processes';
import { totpCode } from '@visa/test-support/totp';
import { secondFactorRequests } from './fixtures.js';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();

const { login, secondStep, me, post, enrol, expectSignedInAtOnce, challengeFor } = secondFactorRequests(() => t);

describe('turning it off and new recovery codes', () => {
  it('turns off only with the password and a current code', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    const noPassword = await post('/api/users/me/second-factor/disable', staff.token, {
      password: 'not the password',
      code: totpCode(secret, 1),
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe(SECOND_FACTOR.wrongPassword);
    const wrongCode = totpCode(secret, 1) === '000000' ? '999999' : '000000';
    const noCode = await post('/api/users/me/second-factor/disable', staff.token, { password: staff.password, code: wrongCode });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe(SECOND_FACTOR.invalidCode);
    const off = await post('/api/users/me/second-factor/disable', staff.token, { password: staff.password, code: totpCode(secret, 1) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: SECOND_FACTOR.disabled });
    expect(await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', staff.id).execute()).toEqual([]);
    expectSignedInAtOnce(await login(staff.email, staff.password));
    const again = await post('/api/users/me/second-factor/disable', staff.token, { password: staff.password, code: totpCode(secret) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SECOND_FACTOR.notEnabled);
  });

  it('replaces the recovery codes: the old ones stop working', async () => {
    const staff = await t.createStaff();
    const { secret, recoveryCodes: old } = await enrol(staff);
    const res = await post('/api/users/me/second-factor/recovery-codes', staff.token, {
      password: staff.password,
      code: totpCode(secret, 1),
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => old.includes(c))).toBe(false);
    const oldOne = await secondStep({ challenge: await challengeFor(staff), recoveryCode: old[0]! });
    expect(oldOne.json().message).toBe(SECOND_FACTOR.invalidRecoveryCode);
    const newOne = await secondStep({ challenge: await challengeFor(staff), recoveryCode: fresh[0]! });
    expect(newOne.statusCode).toBe(200);
  });
});

describe("the owner's requirement", () => {
  it('only a super-admin reads or changes it', async () => {
    const admin = await t.createStaff('admin');
    const read = await t.request({ method: 'GET', url: '/api/users/settings/security', token: admin.token });
    expect(read.statusCode).toBe(403);
    const write = await t.request({
      method: 'PUT',
      url: '/api/users/settings/security',
      token: admin.token,
      payload: { requireSecondFactor: true },
    });
    expect(write.statusCode).toBe(403);
    const owner = await t.createStaff('superadmin');
    const bad = await t.request({
      method: 'PUT',
      url: '/api/users/settings/security',
      token: owner.token,
      payload: { requireSecondFactor: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const initial = await t.request({ method: 'GET', url: '/api/users/settings/security', token: owner.token });
    expect(initial.json()).toEqual({ requireSecondFactor: false });
  });

  it('walks an account without an app through setting one up before it gets a session; it cannot then be turned off', async () => {
    const owner = await t.createStaff('superadmin');
    const staff = await t.createStaff();
    const on = await t.request({
      method: 'PUT',
      url: '/api/users/settings/security',
      token: owner.token,
      payload: { requireSecondFactor: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ requireSecondFactor: true });
    const stored = await t.db.selectFrom('app_settings').selectAll().where('key', '=', 'requireSecondFactor').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ value: 'true', updated_by: owner.id });
    const audit = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('entity', '=', 'settings')
      .where('entity_id', '=', 'security')
      .where('actor_user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'settings.updated' });
    expect(JSON.parse(audit.details)).toEqual({ requireSecondFactor: true });
    try {
      const first = await login(staff.email, staff.password);
      expect(first.json()).toEqual({ secondFactor: 'enrol', challenge: expect.any(String) });
      expect(first.cookies).toEqual(expect.not.arrayContaining([expect.objectContaining({ name: 'refresh_token' })]));
      const { challenge } = first.json() as { challenge: string };

      const setup = await t.request({ method: 'POST', url: '/api/users/login/second-factor/setup', payload: { challenge } });
      expect(setup.statusCode).toBe(200);
      const { secret } = setup.json() as { secret: string };
      const recovery = await secondStep({ challenge, recoveryCode: 'abcd-efgh-jkmn' });
      expect(recovery.statusCode).toBe(400);
      const done = await secondStep({ challenge, code: totpCode(secret) });
      expect(done.statusCode).toBe(200);
      expect(done.json().recoveryCodes).toHaveLength(10);
      expect((await me(done.json().token)).statusCode).toBe(200);

      // From now on it is an ordinary second step, and it stays on.
      expect((await login(staff.email, staff.password)).json().secondFactor).toBe('totp');
      const status = await t.request({ method: 'GET', url: '/api/users/me/second-factor', token: staff.token });
      expect(status.json()).toMatchObject({ enabled: true, required: true });
      const off = await post('/api/users/me/second-factor/disable', staff.token, { password: staff.password, code: totpCode(secret, 1) });
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toBe(SECOND_FACTOR.requiredCannotDisable);
      // Re-enrolling with a new device is still possible.
      const again = await post('/api/users/me/second-factor/setup', staff.token, { password: staff.password });
      expect(again.statusCode).toBe(200);
    } finally {
      await t.request({ method: 'PUT', url: '/api/users/settings/security', token: owner.token, payload: { requireSecondFactor: false } });
    }
  });

  it('does not let a code challenge set up a different app', async () => {
    const staff = await t.createStaff();
    await enrol(staff);
    const res = await t.request({
      method: 'POST',
      url: '/api/users/login/second-factor/setup',
      payload: { challenge: await challengeFor(staff) },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('npm run admin -- reset-second-factor', () => {
  it('removes the app and the recovery codes and signs the account out', async () => {
    const staff = await t.createStaff();
    const { recoveryCodes } = await enrol(staff);
    const io = captureIo(cliEnv(t.config));
    expect(await runSecondFactorCommand(['--email', staff.email.toUpperCase()], io.io)).toBe(0);
    expect(io.stdout()).toContain(`Two-step sign-in removed for ${staff.email}`);
    expect((await me(staff.token)).statusCode).toBe(401);
    expectSignedInAtOnce(await login(staff.email, staff.password));
    expect(await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', staff.id).execute()).toEqual([]);
    expect(recoveryCodes).toHaveLength(10);

    const unknown = captureIo(cliEnv(t.config));
    expect(await runSecondFactorCommand(['--email', 'nobody@example.com'], unknown.io)).toBe(1);
    expect(unknown.stderr()).toContain('No user with email nobody@example.com.');
    const usage = captureIo(cliEnv(t.config));
    expect(await runSecondFactorCommand([], usage.io)).toBe(2);
  });
});
