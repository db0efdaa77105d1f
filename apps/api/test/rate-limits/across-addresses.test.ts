import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMEOUTS } from '@visa/shared/constants';
import { SIGN_IN_ALERT_SUBJECT, STATUS_CHECK_ALERT_SUBJECT } from '@visa/shared/email-texts';
import { LIMITS } from '@visa/shared/limits';
import { PASSWORD_RESET } from '@visa/shared/users';
import { SERVER } from '@visa/shared/ui-texts';
import { loadConfig } from '../../src/config.js';
import { addressGroup } from '../../src/modules/kernel/rate-limits/client-group.js';
import { createRateLimiter } from '../../src/modules/kernel/rate-limits/limiter.js';
import { passwordWorkCounters } from '../../src/modules/domain/staff-accounts/passwords.js';
import { ENQUIRY_APPLICANT, createApplication } from '@visa/test-support/applications';
import { freePort } from '@visa/test-support/ports';
import { resetLinkIn, resetTokenOf } from '@visa/test-support/reset-links';
import { type TestSmtpServer, startSmtpServer } from '@visa/test-support/smtp';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

/**
 * Limits against an attacker with many addresses (ADR 0038): an IPv6 subscriber's whole prefix is
 * one client; one email or one passport is served one request at a time past its limit across
 * addresses and refused past its hard limit, except from an address that has not failed on it; the
 * counters hold no address, email or passport; argon2 work is bounded for anonymous requests.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let clock = Date.parse('2026-11-26T08:00:00Z');
beforeAll(async () => {
  const port = await freePort();
  smtp = await startSmtpServer(port);
  // app.inject connects from 127.0.0.1, the one proxy: X-Forwarded-For names the client.
  t = await createTestApp(
    { TRUST_PROXY: '1', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Visa Desk <desk@example.com>' },
    { now: () => new Date(clock) },
  );
  await t.app.outbox.stop();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const HOUR_MS = 60 * 60_000;
/** Hundreds of real sign-ins or lookups, one at a time past the limit: slower on PostgreSQL under load. */
const HEAVY_MS = 180_000;
let addressSeq = 0;
/** A new IPv4 client address each call. */
const nextAddress = () => `198.51.${Math.floor(++addressSeq / 250) % 250}.${(addressSeq % 250) + 1}`;

const login = (email: string, password: string, client: string) =>
  t.request({ method: 'POST', url: '/api/users/login', payload: { email, password }, headers: { 'x-forwarded-for': client } });
const enquire = (query: { search: string; search1: string; search2: string }, client: string) =>
  t.request({ method: 'GET', url: '/api/application/fetchApplicationEnquiry', query, headers: { 'x-forwarded-for': client } });
const audit = (action: string) => t.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute();
const outboxTo = (to: string) => t.db.selectFrom('outbox').selectAll().where('recipient', '=', to).execute();
const statusesOf = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
/** A birthday no applicant has: day `i` counted from 1 January 1950. */
const wrongBirthday = (i: number) => new Date(Date.UTC(1950, 0, 1 + i)).toISOString().slice(0, 10);

describe('client address groups', () => {
  it('counts an IPv6 address by its /64, and IPv4 (also written as IPv6) per address', () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1', 64)).toBe(addressGroup('2001:db8:1:2:ffff:1:2:3', 64));
    expect(addressGroup('2001:db8:1:2::1', 64)).not.toBe(addressGroup('2001:db8:1:3::1', 64));
    expect(addressGroup('2001:db8:1:2::1', 56)).toBe(addressGroup('2001:db8:1:3::1', 56));
    expect(addressGroup('2001:db8:1:2::1', 128)).not.toBe(addressGroup('2001:db8:1:2::2', 128));
    expect(addressGroup('::ffff:203.0.113.5', 64)).toBe('203.0.113.5');
    expect(addressGroup('203.0.113.5', 64)).not.toBe(addressGroup('203.0.113.6', 64));
  });

  it('RATE_LIMIT_IPV6_PREFIX is /64 by default and refuses a prefix outside 32 to 128 in one line', () => {
    expect(loadConfig({}).RATE_LIMIT_IPV6_PREFIX).toBe(64);
    expect(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '48' }).RATE_LIMIT_IPV6_PREFIX).toBe(48);
    for (const bad of ['31', '129', '64.5', 'wide']) {
      expect(() => loadConfig({ RATE_LIMIT_IPV6_PREFIX: bad })).toThrow(
        `Invalid configuration: RATE_LIMIT_IPV6_PREFIX must be a whole number between 32 and 128 (got "${bad}")`,
      );
    }
  });

  it('an attacker rotating addresses inside one /64 shares one counter; the next /64 is another client', async () => {
    const limit = LIMITS.statusCheck.perAddress.limit;
    const inPrefix = (i: number) => `2001:db8:77:1:${(i + 1).toString(16)}:${(i * 7).toString(16)}::${(i + 3).toString(16)}`;
    const answers = await Promise.all(
      Array.from({ length: limit }, (_, i) =>
        enquire({ search: `ZQ${100_000 + i}`, search1: 'Bangladeshi', search2: '1990-01-01' }, inPrefix(i)),
      ),
    );
    expect(statusesOf(answers)).toEqual(answers.map(() => 200));
    const refused = await enquire({ search: 'ZQ999999', search1: 'Bangladeshi', search2: '1990-01-01' }, '2001:db8:77:1:dead:beef::1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: SERVER.tooManyRequests });
    // Written as IPv4-mapped IPv6, an IPv4 client is still that one address.
    expect((await enquire({ search: 'ZQ999998', search1: 'Bangladeshi', search2: '1990-01-01' }, '2001:db8:77:2::1')).statusCode).toBe(200);
  });
});

describe('sign-in: one email attacked from many addresses at once', () => {
  it(
    'is refused past the limit to every address that failed, while the owner signs in from a clean one; one email per window',
    async () => {
      const owner = await t.createStaff('admin', { name: 'Office Owner' });
      const { hardLimit } = LIMITS.login.perAccount;
      const perAddress = LIMITS.login.perAccountAndAddress.limit;
      const attackers = Array.from({ length: Math.ceil((hardLimit + 20) / perAddress) }, nextAddress);
      const statuses: number[] = [];
      // Parallel batches no larger than the hashing queue, from many addresses at once.
      for (let round = 0; round < perAddress; round++) {
        for (let from = 0; from < attackers.length; from += 8) {
          const batch = attackers.slice(from, from + 8);
          statusesOf(await Promise.all(batch.map((a, i) => login(owner.email, `guess ${round} ${from + i}`, a)))).forEach((s) =>
            statuses.push(s),
          );
        }
      }
      // Within a batch sent at once the order of arrival is anyone's: count, do not line up. Past the
      // limit every attacker's address has failed already, so none is judged again.
      const { limit } = LIMITS.login.perAccount;
      expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - limit);
      // The right password from an address that already guessed is refused too ...
      const guessed = await login(owner.email, owner.password, attackers[0]!);
      expect(guessed.statusCode).toBe(429);
      expect(Number(guessed.headers['retry-after'])).toBeGreaterThan(0);
      // ... the owner from their own address gets in, and a new address gets one guess only.
      expect((await login(owner.email, owner.password, nextAddress())).statusCode).toBe(200);
      const fresh = nextAddress();
      expect(statusesOf([await login(owner.email, 'one more', fresh), await login(owner.email, 'and another', fresh)])).toEqual([401, 429]);

      expect(await outboxTo(owner.email)).toHaveLength(1);
      expect((await audit('user.login_refused')).filter((e) => e.entity_id === owner.id)).toHaveLength(1);

      // The next window starts clean and tells the holder again, once.
      clock += HOUR_MS;
      try {
        for (let from = 0; from <= LIMITS.login.perAccount.limit; from += 8) {
          await Promise.all(
            Array.from({ length: 8 }, (_, i) => login(owner.email, `next hour ${from + i}`, `${attackers[(from + i) % attackers.length]}`)),
          );
        }
        // Past the limit again: an address that guessed this hour is refused, a clean one gets in.
        expect((await login(owner.email, owner.password, attackers[1]!)).statusCode).toBe(429);
        expect((await login(owner.email, owner.password, nextAddress())).statusCode).toBe(200);
      } finally {
        clock -= HOUR_MS;
      }
      const mails = await outboxTo(owner.email);
      expect(mails.map((m) => m.subject)).toEqual([SIGN_IN_ALERT_SUBJECT, SIGN_IN_ALERT_SUBJECT]);
      await t.app.outbox.runOnce();
      expect((await smtp.waitFor(2)).filter((m) => m.to.includes(owner.email))).toHaveLength(2);
    },
    HEAVY_MS,
  );

  it("keeps every wait below the web client's sign-in time-out", () => {
    expect(LIMITS.login.perAccount.turnWaitMs).toBeLessThan(TIMEOUTS.login);
    expect(LIMITS.statusCheck.perPassport.turnWaitMs).toBeLessThan(TIMEOUTS.statusCheck);
  });
});

describe('status check: one passport guessed from many addresses at once', () => {
  it(
    'refuses past the limit every address that missed, answers the applicant, and tells the super-admins once',
    async () => {
      const admin = await t.createStaff('superadmin', { name: 'Head Office' });
      const row = await createApplication(t.db, { ...ENQUIRY_APPLICANT, passport: 'MA0000001', email: 'ma1@example.com' });
      const { hardLimit } = LIMITS.statusCheck.perPassport;
      const perAddress = LIMITS.statusCheck.perPassportAndAddress.limit;
      const attackers = Array.from({ length: Math.ceil((hardLimit + 40) / perAddress) }, nextAddress);
      const statuses: number[] = [];
      let guess = 0;
      for (const attacker of attackers) {
        const batch = Array.from({ length: perAddress }, () =>
          enquire({ search: row.passport, search1: row.current_nationality, search2: wrongBirthday(guess++) }, attacker),
        );
        statusesOf(await Promise.all(batch)).forEach((s) => statuses.push(s));
      }
      // Up to the limit every lookup is answered. Past it an address's lookups sent at once are
      // answered until one misses (when, depends on the database's own concurrency), and past the
      // hard limit one only; every other is refused.
      const { limit } = LIMITS.statusCheck.perPassport;
      attackers.forEach((_, i) => {
        const batch = statuses.slice(i * perAddress, (i + 1) * perAddress);
        const answered = batch.filter((s) => s === 200).length;
        expect(batch.filter((s) => s === 429)).toHaveLength(batch.length - answered);
        if ((i + 1) * perAddress <= limit) expect(answered).toBe(perAddress);
        else if (i * perAddress >= hardLimit) expect(answered).toBe(1);
        else expect(answered).toBeGreaterThanOrEqual(1);
      });
      // Even the right birthday from an address that missed is refused; the applicant's own address is answered.
      const right = { search: row.passport, search1: row.current_nationality, search2: row.dob };
      expect((await enquire(right, attackers[0]!)).statusCode).toBe(429);
      const applicant = await enquire(right, nextAddress());
      expect(applicant.statusCode).toBe(200);
      expect(applicant.json().applications).toHaveLength(1);

      const told = await outboxTo(admin.email);
      expect(told.map((m) => m.subject)).toEqual([STATUS_CHECK_ALERT_SUBJECT]);
      expect(told[0]!.text_body).not.toContain(row.passport);
      const refused = await audit('enquiry.refused');
      expect(refused).toHaveLength(1);
      expect(refused[0]!.details).not.toContain(row.passport);
    },
    HEAVY_MS,
  );
});

describe('turns on one key', () => {
  it('go to one holder at a time across processes sharing the database; a turn that does not come in time is a 429', async () => {
    // Two limiters, as two processes have: each its own queue in memory, one database.
    const options = { secret: t.config.APP_SECRET!, ipv6Prefix: t.config.RATE_LIMIT_IPV6_PREFIX };
    const first = createRateLimiter(t.db, options);
    const second = createRateLimiter(t.db, options);
    const key = first.key('test:turn', 'one subject');
    const events: string[] = [];
    const releaseFirst = await first.takeTurn(key, 1_000);
    await expect(second.takeTurn(key, 50)).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
    const waiting = second.takeTurn(key, 5_000).then((release) => {
      events.push('second has the turn');
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    events.push('first gives it back');
    await releaseFirst();
    await (
      await waiting
    )();
    expect(events).toEqual(['first gives it back', 'second has the turn']);
    expect(await t.db.selectFrom('rate_limit_turns').selectAll().where('key', '=', key).execute()).toEqual([]);
  });
});

describe('the rate-limit table', () => {
  it('holds no client address, email or passport, raw or as a plain SHA-256', async () => {
    const staff = await t.createStaff('admin');
    const known = ['203.0.113.77', '2001:db8:5:6::7', staff.email, 'PQ1234567', '2001:db8:5:6::/64'];
    await login(staff.email, 'wrong', '203.0.113.77');
    await login(staff.email, 'wrong', '2001:db8:5:6::7');
    await t.request({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: staff.email },
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    await enquire({ search: 'PQ1234567', search1: 'Bangladeshi', search2: '1990-01-01' }, '2001:db8:5:6::7');
    const keys = (await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(5);
    const forms = known.flatMap((value) => {
      const digest = createHash('sha256').update(value).digest();
      return [value, value.toLowerCase(), digest.toString('hex'), digest.toString('base64'), digest.toString('base64url')];
    });
    const all = keys.join('\n');
    for (const form of forms) expect(all.includes(form) || all.includes(form.slice(0, 32)), form).toBe(false);
    expect(all).not.toMatch(/\d+\.\d+\.\d+\.\d+|@|::/);
  });
});

describe('password hashing', () => {
  it('refuses anonymous sign-ins beyond the queue with 429 and Retry-After, never a 5xx', async () => {
    const before = passwordWorkCounters();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(`flood-${i}@example.com`, 'not the password', nextAddress())),
    );
    const statuses = statusesOf(answers);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.json()).toEqual({ message: SERVER.tooManyRequests });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(passwordWorkCounters().refused - before.refused).toBe(refused.length);
  });

  it('does no argon2 work for a reset link that cannot work, and one hash for a link that does', async () => {
    const reset = (token: string) =>
      t.request({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { token, password: 'a brand new passphrase 42', confirmPassword: 'a brand new passphrase 42' },
        headers: { 'x-forwarded-for': nextAddress() },
      });
    const before = passwordWorkCounters().started;
    for (const token of ['x'.repeat(43), 'not-a-token-at-all-but-long-enough-to-pass']) {
      const res = await reset(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: PASSWORD_RESET.invalidLink });
    }
    expect(passwordWorkCounters().started).toBe(before);

    const staff = await t.createStaff('admin');
    const beforeGoodLink = passwordWorkCounters().started;
    await t.request({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: staff.email },
      headers: { 'x-forwarded-for': nextAddress() },
    });
    await expect.poll(async () => (await outboxTo(staff.email)).length).toBe(1);
    // The stored row holds no token: the link is read from the message the SMTP server received.
    await t.app.outbox.runOnce();
    await expect.poll(() => smtp.received.some((m) => m.to.includes(staff.email))).toBe(true);
    const token = resetTokenOf(resetLinkIn(smtp.received.find((m) => m.to.includes(staff.email))!.raw));
    expect((await reset(token)).statusCode).toBe(200);
    expect(passwordWorkCounters().started).toBe(beforeGoodLink + 1);
  });
});
