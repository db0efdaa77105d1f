import { describe, expect, it } from 'vitest';
import { PASSWORD, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { LIMITS } from '@visa/shared/limits';
import { PASSWORD_RESET } from '@visa/shared/users';
import { appForFile } from '@visa/test-support/file-app';
import { resetLinkSentTo, resetTokenOf } from '@visa/test-support/reset-links';
import { latestLinkExpiry, linkBoundOf } from '../../src/lib/link-lifetime.js';

const t = appForFile();

const ask = (email: string, ip = '203.0.113.10') =>
  t.request({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string, confirmPassword = password) =>
  t.request({ method: 'POST', url: '/api/users/reset-password', payload: { token, password, confirmPassword } });
const login = (email: string, password: string) => t.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });

const linkSentTo = (to: string) => resetLinkSentTo(t, to);
const tokenOf = resetTokenOf;

describe('forgot password', () => {
  it('emails a link that sets a new password once, and ends every session of the account', async () => {
    const staff = await t.createStaff('admin');
    const res = await ask(staff.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET.requested });
    const link = await linkSentTo(staff.email);
    expect(link.startsWith(`${t.config.publicUrl}/reset-password#token=`)).toBe(true);

    const changed = await reset(tokenOf(link), 'a brand new passphrase 42');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: PASSWORD_RESET.done });
    // The session the staff member had is over; the old password no longer works, the new one does.
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: staff.token })).statusCode).toBe(401);
    expect((await login(staff.email, staff.password)).statusCode).toBe(401);
    expect((await login(staff.email, 'a brand new passphrase 42')).statusCode).toBe(200);
    // The link works once.
    const again = await reset(tokenOf(link), 'yet another passphrase 43');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: PASSWORD_RESET.invalidLink });
    // Audited, without the token.
    const audit = await t.db.selectFrom('audit_events').selectAll().where('entity_id', '=', staff.id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['user.password_reset_requested', 'user.password_reset']));
    expect(JSON.stringify(audit)).not.toContain(tokenOf(link));
    // Only the token's hash is stored.
    const stored = await t.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(link));
  });

  it('makes a link that lives its 30 minutes, inside the bound every bearer link keeps (LINK_MAX_DAYS)', async () => {
    const staff = await t.createStaff('admin');
    expect((await ask(staff.email, '203.0.113.12')).statusCode).toBe(200);
    await linkSentTo(staff.email);
    const row = await t.db.selectFrom('password_resets').selectAll().where('user_id', '=', staff.id).executeTakeFirstOrThrow();
    const made = new Date(row.created_at);
    expect(Date.parse(row.expires_at) - made.getTime()).toBe(LIMITS.passwordReset.linkMinutes * 60_000);
    expect(Date.parse(row.expires_at)).toBeLessThanOrEqual(latestLinkExpiry(linkBoundOf(t.config), made).getTime());
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const before = await t.db.selectFrom('outbox').select('id').execute();
    const res = await ask('nobody-here@example.com', '203.0.113.11');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET.requested });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);
  });

  it('a newer link replaces an older one, and an expired link is refused', async () => {
    const staff = await t.createStaff('admin');
    await ask(staff.email, '203.0.113.12');
    const first = tokenOf(await linkSentTo(staff.email));
    await ask(staff.email, '203.0.113.12');
    await expect.poll(async () => tokenOf(await linkSentTo(staff.email))).not.toBe(first);
    const second = tokenOf(await linkSentTo(staff.email));
    expect((await reset(first, 'a brand new passphrase 42')).statusCode).toBe(400);

    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await reset(second, 'a brand new passphrase 42');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: PASSWORD_RESET.invalidLink });
    expect((await login(staff.email, staff.password)).statusCode).toBe(200);
  });

  it('refuses a bad token, a short password or a confirmation that does not match, changing nothing', async () => {
    expect((await reset('not-a-token', 'a brand new passphrase 42')).json()).toMatchObject({ message: PASSWORD_RESET.invalidLink });
    expect((await reset('x'.repeat(500), 'a brand new passphrase 42')).statusCode).toBe(400);
    expect((await reset('anything', 'short')).json()).toMatchObject({ message: PASSWORD.tooShort });
    expect((await reset('anything', 'qwerty123456')).json()).toMatchObject({ message: PASSWORD.common, errors: [{ path: 'password' }] });
    expect((await reset('anything', 'a brand new passphrase 42', 'different')).json()).toMatchObject({
      message: SERVER.passwordsMustMatch,
    });
    expect(
      (await t.request({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'not an email' } })).json(),
    ).toMatchObject({
      message: VALIDATION.email,
    });
  });

  it("refuses a new password holding the account's email name, and the link still works for another try (ADR 0017)", async () => {
    const staff = await t.createStaff('admin', { email: 'moushumi.das@example.com' });
    await ask(staff.email, '203.0.113.40');
    const token = tokenOf(await linkSentTo(staff.email));
    const refused = await reset(token, 'Moushumi.Das forever 1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: PASSWORD.containsEmailName,
      errors: [{ path: 'password', message: PASSWORD.containsEmailName }],
    });
    expect((await login(staff.email, staff.password)).statusCode).toBe(200);
    expect((await reset(token, 'a brand new passphrase 42')).statusCode).toBe(200);
  });

  it('limits requests per email, so nobody can fill a colleague inbox, yet an address that has not asked still can', async () => {
    const staff = await t.createStaff('admin');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask(staff.email, `203.0.113.${20 + i}`)).statusCode);
    // Past the limit, every address that has asked for this email in the window is refused ...
    for (let i = 0; i < 3; i++) statuses.push((await ask(staff.email, `203.0.113.${20 + i}`)).statusCode);
    // ... and an address that has not (the owner's own) gets its one request, and no second.
    statuses.push((await ask(staff.email, '203.0.113.30')).statusCode);
    statuses.push((await ask(staff.email, '203.0.113.30')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 200, 429]);
  });
});
