import { describe, expect, it } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { LOGIN, SECOND_FACTOR, SERVER } from '@visa/shared/ui-texts';
import { totpCode } from '@visa/test-support/totp';
import { secondFactorRequests } from './fixtures.js';
import { appForFile, auditDetails } from '@visa/test-support/file-app';

const t = appForFile();

const { login, secondStep, me, post, enrol, expectSignedInAtOnce, challengeFor } = secondFactorRequests(() => t);

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
      currentPassword: staff.password,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SECOND_FACTOR.invalidCode);
    const malformed = await post('/api/users/me/second-factor/enable', staff.token, { code: '12ab', currentPassword: staff.password });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(SECOND_FACTOR.codeFormat);

    // Spaced as the apps show it.
    const code = totpCode(secret);
    const enabled = await post('/api/users/me/second-factor/enable', staff.token, {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
      currentPassword: staff.password,
    });
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
    expect(await auditDetails(t, staff.id, 'user.login')).toContainEqual({ secondFactor: 'totp' });
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
    const failed = await auditDetails(t, staff.id, 'user.second_factor_failed');
    expect(failed).toHaveLength(LIMITS.secondStep.wrongCodesPerChallenge);
    expect(failed.every((f) => f.method === 'totp')).toBe(true);
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
    expect(await auditDetails(t, staff.id, 'user.login')).toContainEqual({ secondFactor: 'recovery' });
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
