import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR_EMAIL_SUBJECTS, type SecondFactorChange } from '@visa/shared/email-texts';
import { LIMITS } from '@visa/shared/limits';
import { PASSWORD, SECOND_FACTOR } from '@visa/shared/ui-texts';
import { appForFile, auditDetails } from '@visa/test-support/file-app';
import { totpCode } from '@visa/test-support/totp';
import { runSecondFactorCommand } from '../../src/modules/domain/second-factor/cli.js';
import { captureIo, cliEnv } from '@visa/test-support/processes';
import { secondFactorRequests } from './fixtures.js';

const t = appForFile();

const { login, secondStep, me, post, enrol, challengeFor } = secondFactorRequests(() => t);

const LOCK_AT = LIMITS.secondFactorLock.wrongCodesInARow;
const PER_CHALLENGE = LIMITS.secondStep.wrongCodesPerChallenge;

/** A code that none of the steps a server accepts around now shows. */
function wrongCodeFor(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((offset) => totpCode(secret, offset)));
  let n = 123456;
  while (near.has(String(n))) n += 1;
  return String(n);
}

/**
 * The 15-minute windows of the rate limits end: their counters go, as they would with time. The
 * cap on wrong codes in a row must hold across windows, so the tests step over them like this.
 */
const windowsPass = () => t.db.deleteFrom('rate_limits').where('key', 'like', 'login%').execute();

/** The emails queued for an address about its two-step sign-in, by kind, oldest first. */
async function secondFactorMailsTo(to: string): Promise<SecondFactorChange[]> {
  const subjects = new Map(Object.entries(SECOND_FACTOR_EMAIL_SUBJECTS).map(([kind, subject]) => [subject, kind as SecondFactorChange]));
  const rows = await t.db.selectFrom('outbox').select(['subject', 'text_body']).where('recipient', '=', to).orderBy('id').execute();
  for (const row of rows) expect(row.text_body).not.toMatch(/https?:\/\//);
  return rows.flatMap((row) => (subjects.has(row.subject ?? '') ? [subjects.get(row.subject ?? '')!] : []));
}

/** Gives `count` wrong codes over as many challenges as that takes; answers the last answer. */
async function giveWrongCodes(staff: { email: string; password: string }, secret: string, count: number) {
  const wrong = wrongCodeFor(secret);
  let last;
  for (let given = 0; given < count;) {
    await windowsPass();
    const challenge = await challengeFor(staff as Parameters<typeof challengeFor>[0]);
    for (let i = 0; i < PER_CHALLENGE && given < count; i++, given++) last = await secondStep({ challenge, code: wrong });
  }
  return last!;
}

describe('wrong codes in a row', () => {
  it('locks codes from the app after the cap, across challenges and windows; a recovery code still signs in; the holder is emailed once', async () => {
    const staff = await t.createStaff();
    const { secret, recoveryCodes } = await enrol(staff);
    expect(await secondFactorMailsTo(staff.email)).toEqual(['enabled']);

    const before = await giveWrongCodes(staff, secret, LOCK_AT - 1);
    expect(before.json().message).not.toBe(SECOND_FACTOR.codesLocked);
    const reaching = await giveWrongCodes(staff, secret, 1);
    expect(reaching.statusCode).toBe(403);
    expect(reaching.json()).toEqual({ message: SECOND_FACTOR.codesLocked });

    // A new challenge and the right code: still locked, and the challenge stays open for a recovery code.
    await windowsPass();
    const challenge = await challengeFor(staff);
    const right = await secondStep({ challenge, code: totpCode(secret, 1) });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: SECOND_FACTOR.codesLocked });
    // More wrong codes change nothing and send nothing more.
    await giveWrongCodes(staff, secret, PER_CHALLENGE);
    expect(await secondFactorMailsTo(staff.email)).toEqual(['enabled', 'codes-locked']);
    expect(await auditDetails(t, staff.id, 'user.second_factor_locked')).toEqual([{ wrongCodes: LOCK_AT }]);

    // From a session too, codes no longer work.
    const disable = await post('/api/users/me/second-factor/disable', staff.token, { password: staff.password, code: totpCode(secret, 1) });
    expect(disable.statusCode).toBe(403);
    expect(disable.json()).toEqual({ message: SECOND_FACTOR.codesLocked });

    const recovered = await secondStep({ challenge, recoveryCode: recoveryCodes[0]! });
    expect(recovered.statusCode).toBe(200);
    expect((await me(recovered.json().token)).statusCode).toBe(200);
    // The recovery code proved the holder: the app's codes work again.
    await windowsPass();
    const unlocked = await secondStep({ challenge: await challengeFor(staff), code: totpCode(secret, 1) });
    expect(unlocked.statusCode).toBe(200);
    expect(await secondFactorMailsTo(staff.email)).toEqual(['enabled', 'codes-locked']);
  });

  it('starts counting again after a right code below the cap', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    await giveWrongCodes(staff, secret, LOCK_AT - PER_CHALLENGE);
    await windowsPass();
    const right = await secondStep({ challenge: await challengeFor(staff), code: totpCode(secret, 1) });
    expect(right.statusCode).toBe(200);
    const after = await giveWrongCodes(staff, secret, LOCK_AT - 1);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).not.toBe(SECOND_FACTOR.codesLocked);
    expect(await secondFactorMailsTo(staff.email)).toEqual(['enabled']);
  });

  it('is lifted by the operator removing the second factor, who is then emailed about', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    await giveWrongCodes(staff, secret, LOCK_AT);
    const io = captureIo(cliEnv(t.config));
    expect(await runSecondFactorCommand(['--email', staff.email], io.io)).toBe(0);
    await windowsPass();
    const res = await login(staff.email, staff.password);
    expect(res.json()).toMatchObject({ token: expect.any(String) });
    expect(await secondFactorMailsTo(staff.email)).toEqual(['enabled', 'codes-locked', 'reset']);
  });
});

describe('turning it on takes the current password', () => {
  it('refuses without it or with a wrong one, and turns on with the right one', async () => {
    const staff = await t.createStaff();
    const setup = await post('/api/users/me/second-factor/setup', staff.token);
    const { secret } = setup.json() as { secret: string };
    const without = await post('/api/users/me/second-factor/enable', staff.token, { code: totpCode(secret) });
    expect(without.statusCode).toBe(400);
    const wrong = await post('/api/users/me/second-factor/enable', staff.token, {
      code: totpCode(secret),
      currentPassword: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PASSWORD.currentWrong);
    expect(await auditDetails(t, staff.id, 'user.current_password_wrong')).toHaveLength(1);
    const status = await t.request({ method: 'GET', url: '/api/users/me/second-factor', token: staff.token });
    expect(status.json()).toMatchObject({ enabled: false });
    expect(await secondFactorMailsTo(staff.email)).toEqual([]);

    const right = await post('/api/users/me/second-factor/enable', staff.token, {
      code: totpCode(secret),
      currentPassword: staff.password,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().recoveryCodes).toHaveLength(10);
  });

  it("counts a wrong password within the profile's limit on wrong current passwords", async () => {
    const staff = await t.createStaff();
    const { secret } = (await post('/api/users/me/second-factor/setup', staff.token)).json() as { secret: string };
    for (let i = 0; i < LIMITS.profilePassword.perAccount.limit; i++) {
      const wrong = {
        name: 'Same Name',
        currentPassword: `wrong ${i}`,
        password: 'a new passphrase 77',
        confirmPassword: 'a new passphrase 77',
      };
      expect((await post('/api/users/profile', staff.token, wrong)).statusCode).toBe(400);
    }
    const refused = await post('/api/users/me/second-factor/enable', staff.token, {
      code: totpCode(secret),
      currentPassword: staff.password,
    });
    expect(refused.statusCode).toBe(429);
    expect((await t.request({ method: 'GET', url: '/api/users/me/second-factor', token: staff.token })).json()).toMatchObject({
      enabled: false,
    });
  });
});

describe('the holder is emailed of every change', () => {
  it('on turning on, new recovery codes, a new device and turning off', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    const codes = await post('/api/users/me/second-factor/recovery-codes', staff.token, {
      password: staff.password,
      code: totpCode(secret, 1),
    });
    expect(codes.statusCode).toBe(200);
    const setup = await post('/api/users/me/second-factor/setup', staff.token, { password: staff.password });
    const { secret: next } = setup.json() as { secret: string };
    const moved = await post('/api/users/me/second-factor/enable', staff.token, { code: totpCode(next), currentPassword: staff.password });
    expect(moved.statusCode).toBe(200);
    const off = await post('/api/users/me/second-factor/disable', staff.token, { password: staff.password, code: totpCode(next, 1) });
    expect(off.statusCode).toBe(200);
    expect(await secondFactorMailsTo(staff.email)).toEqual(['enabled', 'recovery-codes-replaced', 'device-replaced', 'disabled']);
    const [mail] = await t.db
      .selectFrom('outbox')
      .select(['text_body'])
      .where('recipient', '=', staff.email)
      .where('subject', '=', SECOND_FACTOR_EMAIL_SUBJECTS.disabled)
      .execute();
    expect(mail!.text_body).toContain('Two-step sign-in was turned off for your staff account');
    expect(mail!.text_body).not.toContain(next);
  });

  it('refuses to turn it off or replace codes without the password and a code, and sends nothing then', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    for (const url of ['/api/users/me/second-factor/disable', '/api/users/me/second-factor/recovery-codes']) {
      expect((await post(url, staff.token, { code: totpCode(secret, 1) })).statusCode).toBe(400);
      expect((await post(url, staff.token, { password: staff.password })).statusCode).toBe(400);
    }
    expect(await secondFactorMailsTo(staff.email)).toEqual(['enabled']);
  });
});
