import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { SERVER } from '@visa/shared/ui-texts';
import { createRateLimiter, type RateLimiter } from '../../src/modules/kernel/rate-limits/limiter.js';
import { passwordWorkCounters } from '../../src/modules/domain/staff-accounts/passwords.js';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { totpCode } from '@visa/test-support/totp';
import { secondFactorRequests } from '../second-factor/fixtures.js';

/**
 * The owner gets in while their email is attacked from many addresses (ADR 0038): a browser that
 * signed in to the account before (device cookie) or an address group it signed in from skips the
 * turn and the refusals across addresses and has places of its own in the hashing queue; a group
 * that has failed is refused at once past the limit, without a hash; an attempt refused before it
 * was judged does not count against the address's own limit.
 */

let t: TestApp;
let limiter: RateLimiter;
const clock = Date.parse('2026-11-26T08:00:00Z');
beforeAll(async () => {
  // app.inject connects from 127.0.0.1, the one proxy: X-Forwarded-For names the client.
  t = await createTestApp({ TRUST_PROXY: '1' }, { now: () => new Date(clock) });
  // The app's own counters, read and set through a limiter keyed like the app's (same secret).
  limiter = createRateLimiter(t.db, { secret: t.config.APP_SECRET!, ipv6Prefix: t.config.RATE_LIMIT_IPV6_PREFIX });
});
afterAll(() => t.close());

/** Hundreds of real requests, password checks among them: slower on PostgreSQL under load. */
const HEAVY_MS = 120_000;
const ACROSS = LIMITS.login.perAccount;
let addressSeq = 0;
const nextAddress = () => `203.0.${Math.floor(++addressSeq / 250) % 250}.${(addressSeq % 250) + 1}`;

const login = (email: string, password: string, client: string, deviceCookie?: string) =>
  t.request({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': client, ...(deviceCookie ? { cookie: `known_device=${deviceCookie}` } : {}) },
  });

/** Counts `n` attempts on the email across addresses, as that many attackers' guesses would. */
async function attemptsAlready(email: string, n: number) {
  const key = limiter.key('login:account', email);
  for (let i = 0; i < n; i++) await limiter.count(key, ACROSS.windowMs);
}

/**
 * Many fresh addresses guess the owner's password at once (each waits for the email's turn), or
 * unknown emails from fresh addresses fill the hashing queue; `owner` is sent among them. Answers
 * the owner's answer and what was answered after it.
 */
async function underAttack(attack: 'guesses' | 'hashing flood', email: string, owner: () => ReturnType<typeof login>) {
  const order: string[] = [];
  const track = (sent: ReturnType<typeof login>) =>
    sent.then((res) => {
      order.push(String(res.statusCode));
      return res;
    });
  const sent = Array.from({ length: 40 }, (_, i) =>
    track(
      attack === 'guesses' ? login(email, `guess ${i}`, nextAddress()) : login(`flood-${addressSeq}@example.com`, 'nope', nextAddress()),
    ),
  );
  const ownerAnswer = await owner();
  order.push('owner');
  const answers = await Promise.all(sent);
  const after = order.slice(order.indexOf('owner') + 1);
  expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
  return {
    owner: ownerAnswer,
    /** Attempts judged (401) after the owner's answer: they were waiting when the owner arrived. */
    judgedAfter: after.filter((s) => s === '401').length,
    refused: answers.filter((a) => a.statusCode === 429).length,
    order: order.join(' '),
  };
}

describe('the owner signing in while their email is attacked', () => {
  it(
    'gets in from an address group they signed in from, ahead of the queued guesses, even after mistyping past the hard limit',
    async () => {
      const owner = await t.createStaff('admin', { name: 'Office Owner' });
      const office = nextAddress();
      expect((await login(owner.email, owner.password, office)).statusCode).toBe(200);
      await attemptsAlready(owner.email, ACROSS.limit);

      // Most guesses were still waiting for their turn when the owner was answered.
      const guesses = await underAttack('guesses', owner.email, () => login(owner.email, owner.password, office));
      expect(guesses.owner.statusCode).toBe(200);
      expect(guesses.judgedAfter, guesses.order).toBeGreaterThan(20);
      // The hashing queue was full for anonymous sign-ins, and the owner went ahead of those waiting in it.
      const flood = await underAttack('hashing flood', owner.email, () => login(owner.email, owner.password, office));
      expect(flood.owner.statusCode).toBe(200);
      expect(flood.refused).toBeGreaterThan(0);
      expect(flood.judgedAfter, flood.order).toBeGreaterThan(0);

      // Past the hard limit a mistyped password from the office is no lock-out.
      await attemptsAlready(owner.email, ACROSS.hardLimit);
      expect((await login(owner.email, 'mistyped', office)).statusCode).toBe(401);
      expect((await login(owner.email, owner.password, office)).statusCode).toBe(200);
    },
    HEAVY_MS,
  );

  it(
    'gets in with the device cookie from a new address group; the cookie names no email and is for sign-in only',
    async () => {
      const owner = await t.createStaff('admin', { name: 'Travelling Owner' });
      const first = await login(owner.email, owner.password, nextAddress());
      const cookie = first.cookies.find((c) => c.name === 'known_device');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/login' });
      expect(cookie!.value).not.toContain(owner.email);
      expect(cookie!.value).not.toContain(owner.id);
      await attemptsAlready(owner.email, ACROSS.limit);

      const withCookie = () => login(owner.email, owner.password, nextAddress(), cookie!.value);
      const guesses = await underAttack('guesses', owner.email, withCookie);
      expect(guesses.owner.statusCode).toBe(200);
      expect(guesses.judgedAfter, guesses.order).toBeGreaterThan(20);
      const flood = await underAttack('hashing flood', owner.email, withCookie);
      expect(flood.owner.statusCode).toBe(200);
      expect(flood.refused).toBeGreaterThan(0);
      expect(flood.judgedAfter, flood.order).toBeGreaterThan(0);

      // Another account's cookie, or a forged one, is no pass: from a group that failed, refused at once.
      const other = await t.createStaff('admin');
      const otherCookie = (await login(other.email, other.password, nextAddress())).cookies.find((c) => c.name === 'known_device')!;
      const guesser = nextAddress();
      expect((await login(owner.email, 'guess', guesser)).statusCode).toBe(401);
      for (const presented of [otherCookie.value, `${'A'.repeat(22)}.${'B'.repeat(43)}`, 'junk']) {
        expect((await login(owner.email, owner.password, guesser, presented)).statusCode).toBe(429);
      }
    },
    HEAVY_MS,
  );
});

describe('the device cookie with two-step sign-in', () => {
  it('is set once the second step is taken, not after the password alone', async () => {
    const staff = await t.createStaff('admin');
    const { enrol, secondStep } = secondFactorRequests(() => t);
    const { secret } = await enrol(staff);
    const passwordStep = await login(staff.email, staff.password, nextAddress());
    expect(passwordStep.json()).toEqual({ secondFactor: 'totp', challenge: expect.any(String) });
    expect(passwordStep.cookies.map((c) => c.name)).not.toContain('known_device');
    const done = await secondStep({ challenge: passwordStep.json().challenge, code: totpCode(secret, 1) });
    expect(done.statusCode).toBe(200);
    expect(done.cookies.map((c) => c.name)).toContain('known_device');
  });
});

describe('past the limit across addresses', () => {
  it('refuses a group that has failed at once, without a hash, until the window ends', async () => {
    const owner = await t.createStaff('admin');
    await attemptsAlready(owner.email, ACROSS.limit);
    const guesser = nextAddress();
    expect((await login(owner.email, 'wrong', guesser)).statusCode).toBe(401);
    const before = passwordWorkCounters();
    const refused = await login(owner.email, owner.password, guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: SERVER.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(passwordWorkCounters().started).toBe(before.started);
    expect(passwordWorkCounters().refused).toBe(before.refused);
  });

  it(
    'does not count attempts refused before they were judged against the address: the right password still gets in',
    async () => {
      const owner = await t.createStaff('admin');
      await attemptsAlready(owner.email, ACROSS.limit);
      const home = nextAddress();
      // Another process holds the email's turn: every attempt sent now waits, then is refused.
      const release = await limiter.takeTurn(limiter.key('login:account', owner.email), 60_000);
      try {
        const refusals = await Promise.all(
          Array.from({ length: LIMITS.login.perAccountAndAddress.limit + 1 }, () => login(owner.email, owner.password, home)),
        );
        expect(refusals.map((r) => r.statusCode)).toEqual(refusals.map(() => 429));
      } finally {
        await release();
      }
      expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    },
    HEAVY_MS,
  );
});
