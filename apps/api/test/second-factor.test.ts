import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { LOGIN, SECOND_FACTOR, SERVER } from '@visa/shared/messages';
import { runSecondFactorCommand } from '../src/modules/second-factor/cli.js';
import { captureIo, cliEnv } from '@visa/test-support/processes';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { totpCode } from '@visa/test-support/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Staff = Awaited<ReturnType<TestApp['createStaff']>>;

const login = (email: string, password: string) => t.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });
const secondStep = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/users/login/second-factor', payload });
const me = (token: string) => t.request({ method: 'GET', url: '/api/users/me', token });
const post = (url: string, token: string, payload: Record<string, unknown> = {}) => t.request({ method: 'POST', url, token, payload });

/** Sets up the app from the profile as a person would: the secret from the answer, a code computed from it. */
async function enrol(staff: Staff): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post('/api/users/me/second-factor/setup', staff.token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post('/api/users/me/second-factor/enable', staff.token, { code: totpCode(secret) });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** The password-only answer, as before two-step sign-in: a token and the user, no challenge. */
function expectSignedInAtOnce(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ token: expect.any(String), user: expect.any(Object) });
  expect(res.json()).not.toHaveProperty('challenge');
}

async function challengeFor(staff: Staff): Promise<string> {
  const res = await login(staff.email, staff.password);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ secondFactor: 'totp', challenge: expect.any(String) });
  return res.json().challenge as string;
}

describe('setting up an authenticator app', () => {
  it('shows a QR code, the secret and its otpauth URI, and turns on only with a code from that secret', async () => {
    const staff = await t.createStaff();
    const setup = await post('/api/users/me/second-factor/setup', staff.token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json() as { secret: string; otpauthUri: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Canada Visa Desk:${staff.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
      issuer: 'Canada Visa Desk',
    });
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Still off until confirmed.
    expect((await t.request({ method: 'GET', url: '/api/users/me/second-factor', token: staff.token })).json()).toEqual({
      enabled: false,
      required: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const wrong = await post('/api/users/me/second-factor/enable', staff.token, {
      code: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SECOND_FACTOR.invalidCode);
    const malformed = await post('/api/users/me/second-factor/enable', staff.token, { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(SECOND_FACTOR.codeFormat);

    // Spaced as the apps show it.
    const code = totpCode(secret);
    const enabled = await post('/api/users/me/second-factor/enable', staff.token, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    const status = await t.request({ method: 'GET', url: '/api/users/me/second-factor', token: staff.token });
    expect(status.json()).toEqual({ enabled: true, required: false, enabledAt: expect.any(String), recoveryCodesLeft: 10 });
    const audit = await t.db.selectFrom('audit_events').select('action').where('entity_id', '=', staff.id).execute();
    expect(audit.map((a) => a.action)).toContain('user.second_factor_enabled');
  });

  it('keeps the secret encrypted at rest and the recovery codes only as hashes', async () => {
    const staff = await t.createStaff();
    const { secret, recoveryCodes } = await enrol(staff);
    const row = await t.db.selectFrom('second_factors').selectAll().where('user_id', '=', staff.id).executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(row.secret_enc).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect(stored.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(Buffer.from(row.secret_enc!.split('.')[3]!, 'base64url').toString('latin1')).not.toContain(secret);
    const codes = await t.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', staff.id).execute();
    expect(codes).toHaveLength(10);
    const all = JSON.stringify(codes);
    for (const c of recoveryCodes) {
      expect(all).not.toContain(c);
      expect(all).not.toContain(c.replaceAll('-', ''));
    }
    // Nothing after enrolment hands the secret back.
    const status = await t.request({ method: 'GET', url: '/api/users/me/second-factor', token: staff.token });
    expect(status.body).not.toContain(secret);
  });

  it('needs the password to replace an app already in use', async () => {
    const staff = await t.createStaff();
    await enrol(staff);
    const bare = await post('/api/users/me/second-factor/setup', staff.token);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(SECOND_FACTOR.passwordNeededToReplace);
    const wrong = await post('/api/users/me/second-factor/setup', staff.token, { password: 'not it at all' });
    expect(wrong.json().message).toBe(SECOND_FACTOR.wrongPassword);
    const replaced = await post('/api/users/me/second-factor/setup', staff.token, { password: staff.password });
    expect(replaced.statusCode).toBe(200);
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge instead of a session, then signs in with a current code like a password-only sign-in', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    const first = await login(staff.email, staff.password);
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json()).sort()).toEqual(['challenge', 'secondFactor']);
    expect(first.cookies.find((c) => c.name === 'refresh_token' || c.name === 'session')).toBeUndefined();

    const res = await secondStep({ challenge: first.json().challenge, code: totpCode(secret, 1) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ _id: staff.id, name: expect.any(String), email: staff.email, role: 'admin' });
    expect(body).not.toHaveProperty('recoveryCodes');
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({ httpOnly: true, path: '/api/users' });
    expect(res.cookies.find((c) => c.name === 'session')).toMatchObject({ value: '1' });
    expect((await me(body.token)).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('entity_id', '=', staff.id)
      .where('action', '=', 'user.login')
      .execute();
    expect(audit.map((a) => JSON.parse(a.details))).toContainEqual({ secondFactor: 'totp' });
  });

  it('keeps the old answer for an account without a second factor', async () => {
    const staff = await t.createStaff();
    expectSignedInAtOnce(await login(staff.email, staff.password));
  });

  it('refuses a wrong code, audits it, and ends the challenge after a handful', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    const challenge = await challengeFor(staff);
    const good = totpCode(secret);
    const wrongCode = good === '123456' ? '654321' : '123456';
    for (let i = 1; i < LIMITS.secondStep.wrongCodesPerChallenge; i++) {
      const res = await secondStep({ challenge, code: wrongCode });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SECOND_FACTOR.invalidCode });
    }
    const last = await secondStep({ challenge, code: wrongCode });
    expect(last.statusCode).toBe(401);
    expect(last.json()).toEqual({ message: SECOND_FACTOR.challengeEnded });
    // Even the right code is too late now: the password must be given again.
    const after = await secondStep({ challenge, code: good });
    expect(after.json()).toEqual({ message: SECOND_FACTOR.challengeEnded });
    const failed = await t.db
      .selectFrom('audit_events')
      .select('details')
      .where('entity_id', '=', staff.id)
      .where('action', '=', 'user.second_factor_failed')
      .execute();
    expect(failed).toHaveLength(LIMITS.secondStep.wrongCodesPerChallenge);
    expect(failed.every((f) => JSON.parse(f.details).method === 'totp')).toBe(true);
  });

  it('refuses a code that was already used (replay), and any older one', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    const next = totpCode(secret, 1);
    const ok = await secondStep({ challenge: await challengeFor(staff), code: next });
    expect(ok.statusCode).toBe(200);
    const replay = await secondStep({ challenge: await challengeFor(staff), code: next });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(SECOND_FACTOR.invalidCode);
    const older = await secondStep({ challenge: await challengeFor(staff), code: totpCode(secret, -1) });
    expect(older.json().message).toBe(SECOND_FACTOR.invalidCode);
  });

  it('refuses a code from outside one step either side', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    const challenge = await challengeFor(staff);
    for (const offset of [-3, 3]) {
      const res = await secondStep({ challenge, code: totpCode(secret, offset) });
      expect(res.json().message).toBe(SECOND_FACTOR.invalidCode);
    }
  });

  it('refuses a reused, an expired and a made-up challenge', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    const challenge = await challengeFor(staff);
    expect((await secondStep({ challenge, code: totpCode(secret, 1) })).statusCode).toBe(200);
    const reused = await secondStep({ challenge, code: totpCode(secret) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: SECOND_FACTOR.challengeEnded });

    const stale = await challengeFor(staff);
    // Five minutes pass: moved in the database rather than waited for.
    await t.db
      .updateTable('login_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', staff.id)
      .where('used_at', 'is', null)
      .execute();
    const expired = await secondStep({ challenge: stale, code: totpCode(secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: SECOND_FACTOR.challengeEnded });

    const madeUp = await secondStep({ challenge: 'x'.repeat(43), code: '123456' });
    expect(madeUp.json()).toEqual({ message: SECOND_FACTOR.challengeEnded });
  });

  it('takes a code or a recovery code, never both or neither', async () => {
    const both = await secondStep({ challenge: 'abc', code: '123456', recoveryCode: 'abcd-efgh-jkmn' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(SECOND_FACTOR.codeFormat);
    const neither = await secondStep({ challenge: 'abc' });
    expect(neither.statusCode).toBe(400);
    const badRecovery = await secondStep({ challenge: 'abc', recoveryCode: 'short' });
    expect(badRecovery.json().message).toBe(SECOND_FACTOR.recoveryCodeFormat);
  });

  it('lets a recovery code sign in once, then no more', async () => {
    const staff = await t.createStaff();
    const { recoveryCodes } = await enrol(staff);
    const used = recoveryCodes[3]!;
    const ok = await secondStep({ challenge: await challengeFor(staff), recoveryCode: used.toUpperCase().replaceAll('-', ' ') });
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json().token)).statusCode).toBe(200);
    const again = await secondStep({ challenge: await challengeFor(staff), recoveryCode: used });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: SECOND_FACTOR.invalidRecoveryCode });
    const status = await t.request({ method: 'GET', url: '/api/users/me/second-factor', token: staff.token });
    expect(status.json().recoveryCodesLeft).toBe(9);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('details')
      .where('entity_id', '=', staff.id)
      .where('action', '=', 'user.login')
      .execute();
    expect(audit.map((a) => JSON.parse(a.details))).toContainEqual({ secondFactor: 'recovery' });
  });

  it('rate limits codes per account across challenges with 429', async () => {
    const staff = await t.createStaff();
    const { secret } = await enrol(staff);
    const wrongCode = totpCode(secret) === '000000' ? '999999' : '000000';
    let tried = 0;
    while (tried < LIMITS.secondStep.perAccount.limit) {
      const challenge = await challengeFor(staff);
      for (let i = 0; i < 2 && tried < LIMITS.secondStep.perAccount.limit; i++, tried++) {
        expect((await secondStep({ challenge, code: wrongCode })).statusCode).toBe(401);
      }
    }
    const limited = await secondStep({ challenge: await challengeFor(staff), code: totpCode(secret, 1) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SERVER.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('still refuses a wrong password with the same answer as before', async () => {
    const staff = await t.createStaff();
    await enrol(staff);
    const res = await login(staff.email, 'wrong password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: LOGIN.invalidCredentials });
  });
});

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
