import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { SERVER } from '@visa/shared/ui-texts';
import { loadConfig } from '../../src/config.js';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';

/**
 * The client address every per-address limit counts by (ADR 0016): TRUST_PROXY names how many
 * proxies, or which ones, stand in front of the app, and the address is read only through those.
 * A client that writes its own X-Forwarded-For, new on every request, must still be counted as one.
 */

const random = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
/** What a proxy sends on: the client's own header, then the address the proxy saw. */
const forwardedFor = (realAddress: string) => `${random()}, ${random()}, ${realAddress}`;

async function loginsUntilRefused(t: TestApp, realAddress: string, attempts: number) {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    // A new email each time, so only the per-address limit can refuse.
    const res = await t.request({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': forwardedFor(realAddress) },
      payload: { email: `nobody-${i}-${randomBytes(3).toString('hex')}@example.com`, password: 'not the password' },
    });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) expect(res.json()).toEqual({ message: SERVER.tooManyRequests });
  }
  return statuses;
}

/** All but the last lookup are sent at once (each answer waits out the response floor), then the last. */
async function enquiriesUntilRefused(t: TestApp, realAddress: string, attempts: number) {
  // A new passport each time, so only the per-address limit can refuse.
  const enquire = () =>
    t.request({
      method: 'GET',
      url: '/api/application/fetchApplicationEnquiry',
      headers: { 'x-forwarded-for': forwardedFor(realAddress) },
      query: { search: `ZX${randomBytes(4).toString('hex')}`, search1: 'Bangladeshi', search2: '1990-01-01' },
    });
  const first = await Promise.all(Array.from({ length: attempts - 1 }, enquire));
  const last = await enquire();
  return [...first, last].map((res) => res.statusCode);
}

for (const [name, setting] of [
  ['a hop count (TRUST_PROXY=1)', '1'],
  ['a list of proxy ranges (TRUST_PROXY=127.0.0.0/8,::1)', '127.0.0.0/8, ::1'],
] as const) {
  describe(`behind a proxy named by ${name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // app.inject connects from 127.0.0.1: that is the proxy.
      t = await createTestApp({ TRUST_PROXY: setting });
    });
    afterAll(() => t.close());

    it('limits sign-in attempts per real address, whatever X-Forwarded-For the client writes', async () => {
      const statuses = await loginsUntilRefused(t, '203.0.113.7', LIMITS.login.perAddress.limit + 1);
      expect(statuses.slice(0, LIMITS.login.perAddress.limit).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another real address behind the same proxy is its own client.
      expect(await loginsUntilRefused(t, '203.0.113.8', 1)).toEqual([401]);
    });

    it('limits status checks per real address, whatever X-Forwarded-For the client writes', async () => {
      const statuses = await enquiriesUntilRefused(t, '203.0.113.9', LIMITS.statusCheck.perAddress.limit + 1);
      expect(statuses.slice(0, LIMITS.statusCheck.perAddress.limit).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect(await enquiriesUntilRefused(t, '203.0.113.10', 1)).toEqual([200]);
    });

    it('records the real address on a new session', async () => {
      const staff = await t.createStaff('admin');
      const res = await t.request({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'x-forwarded-for': forwardedFor('203.0.113.11') },
        payload: { email: staff.email, password: staff.password },
      });
      expect(res.statusCode).toBe(200);
      const sessions = await t.db.selectFrom('sessions').select('ip').where('user_id', '=', staff.id).execute();
      expect(sessions.map((s) => s.ip)).toContain('203.0.113.11');
    });
  });
}

describe('without a trusted proxy (the default)', () => {
  const t = appForFile();

  it('ignores X-Forwarded-For altogether: the connection is the client', async () => {
    const statuses = await loginsUntilRefused(t, '203.0.113.7', LIMITS.login.perAddress.limit + 1);
    expect(statuses.at(-1)).toBe(429);
    // Another claimed address changes nothing: it is the same connection.
    expect(await loginsUntilRefused(t, '203.0.113.8', 1)).toEqual([429]);
  });
});

describe('two proxies (TRUST_PROXY=2)', () => {
  const t = appForFile({ TRUST_PROXY: '2' });

  it('takes the address the outer proxy saw, not what the client wrote before it', async () => {
    const staff = await t.createStaff('admin');
    const res = await t.request({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': `${random()}, 203.0.113.12, 10.0.0.2` },
      payload: { email: staff.email, password: staff.password },
    });
    expect(res.statusCode).toBe(200);
    const sessions = await t.db.selectFrom('sessions').select('ip').where('user_id', '=', staff.id).execute();
    expect(sessions.map((s) => s.ip)).toContain('203.0.113.12');
  });
});

describe('TRUST_PROXY setting', () => {
  const trust = (value: string | undefined) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('is off by default and for false, no or 0', () => {
    for (const value of [undefined, 'false', 'no', '0', 'FALSE']) expect(trust(value), String(value)).toBe(false);
  });

  it('takes a whole number of proxy hops', () => {
    expect(trust('1')).toBe(1);
    expect(trust('3')).toBe(3);
  });

  it('takes a comma-separated list of proxy addresses, CIDR ranges and range names', () => {
    expect(trust('10.0.0.0/8, 192.168.1.10,fd00::/8, ::1, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses true at start-up with one line saying why', () => {
    for (const value of ['true', 'yes', 'TRUE']) {
      expect(() => trust(value)).toThrow(
        `Invalid configuration: TRUST_PROXY must not be true: any client could then forge its address in X-Forwarded-For; give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8) (got "${value}")`,
      );
    }
  });

  it('refuses a list that trusts every address, alone or added up, with one line naming the variable', () => {
    for (const value of [
      '0.0.0.0/0',
      '::/0',
      '10.0.0.1, 0.0.0.0/0',
      '1.2.3.4/0',
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/96',
      '0.0.0.0/1,128.0.0.0/1',
      '::/1, 8000::/1',
      '::/1', // holds ::ffff:0:0/96, so every IPv4 client
      '0.0.0.0/1, ::ffff:128.0.0.0/97',
    ]) {
      expect(() => trust(value), value).toThrow(
        `Invalid configuration: TRUST_PROXY must not trust every address (such as 0.0.0.0/0 or ::/0): any client could then forge its address in X-Forwarded-For; give only the ranges your proxies are in (e.g. 10.0.0.0/8) (got "${value}")`,
      );
    }
    // Wide, but not everyone: still the operator's call.
    expect(trust('0.0.0.0/1')).toEqual(['0.0.0.0/1']);
    expect(trust('8000::/1,::ffff:0:0/97')).toEqual(['8000::/1', '::ffff:0:0/97']);
  });

  it('refuses more than ten proxy hops', () => {
    expect(trust('10')).toBe(10);
    for (const value of ['11', '100']) {
      expect(() => trust(value), value).toThrow(
        `Invalid configuration: TRUST_PROXY must be a whole number of proxy hops between 0 and 10, or proxy addresses (got "${value}")`,
      );
    }
  });

  it('refuses what is neither a hop count nor addresses', () => {
    for (const value of ['10.0.0.0/33', '10.0.0', 'proxy.example.com', '1.5', '-1', '10.0.0.1,', '101']) {
      expect(() => trust(value), value).toThrow(/^Invalid configuration: TRUST_PROXY must be /);
    }
  });
});

describe('a proxy that writes the client with a port or in brackets (TRUST_PROXY=1)', () => {
  const t = appForFile({ TRUST_PROXY: '1' });
  const { limit } = LIMITS.passwordReset.requestsPerAddress;

  /** Reset-link requests, each for a new email so only the per-address limit can refuse, from the addresses given. */
  const requests = async (addresses: string[]) => {
    const statuses: number[] = [];
    for (const address of addresses) {
      const res = await t.request({
        method: 'POST',
        url: '/api/users/forgot-password',
        headers: { 'x-forwarded-for': address },
        payload: { email: `nobody-${randomBytes(4).toString('hex')}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  for (const [name, spell, plain] of [
    ['an IPv4 address with a new port each time', (i: number) => `198.51.100.20:${40000 + i}`, '198.51.100.20'],
    ['an IPv6 address in brackets with a new port each time', (i: number) => `[2001:db8:77::1]:${40000 + i}`, '2001:db8:77::1'],
    ['new IPv6 addresses of one /64, in brackets', (i: number) => `[2001:DB8:78::${(i + 1).toString(16)}]`, '2001:db8:78::ffff'],
  ] as const) {
    it(`counts ${name} as one client`, async () => {
      const statuses = await requests(Array.from({ length: limit + 1 }, (_, i) => spell(i)));
      expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Written plainly, it is still that client.
      expect(await requests([plain])).toEqual([429]);
    });
  }
});
