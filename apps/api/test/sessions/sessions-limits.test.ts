import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/ui-texts';
import { BACKGROUND_HEADER, BACKGROUND_VALUE, SESSION_ACTIVITY_WRITE_SECONDS } from '@visa/shared/session-rules';
import { ConfigError, loadConfig } from '../../src/config.js';
import { type TestApp, createTestApp, databaseBefore } from '@visa/test-support/test-app';

/**
 * The idle and absolute limits of staff sessions (ADR 0018), on a clock the test moves on: the
 * app is built with `now` reading it, so half an hour passes without waiting.
 */

let t: TestApp;
/** Stands still unless a test moves it, so every time below is exact. */
let clock = Date.now();
const now = () => new Date(clock);
const pass = (ms: number) => {
  clock += ms;
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  t = await createTestApp({}, { now });
});
afterAll(() => t.close());
beforeEach(() => {
  clock = Date.now();
});

type Res = Awaited<ReturnType<TestApp['request']>>;
const cookie = (res: Res, name: string) => res.cookies.find((c) => c.name === name);
const signIn = async () => {
  const staff = await t.createStaff();
  const res = await t.request({ method: 'POST', url: '/api/users/login', payload: { email: staff.email, password: staff.password } });
  expect(res.statusCode).toBe(200);
  return { staff, res, token: res.json().token as string, refreshToken: cookie(res, 'refresh_token')!.value };
};
const me = (token: string) => t.request({ method: 'GET', url: '/api/users/me', token });
const backgroundCheck = (token: string) =>
  t.request({ method: 'GET', url: '/api/users/session', token, headers: { [BACKGROUND_HEADER]: BACKGROUND_VALUE } });
const refresh = (refreshToken: string) =>
  t.request({ method: 'POST', url: '/api/users/refresh', cookies: { refresh_token: refreshToken } });
const familyOf = (token: string) => {
  const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
  return t.db.selectFrom('session_families').selectAll().where('family_id', '=', sid).executeTakeFirstOrThrow();
};
const expectEnded = (res: Res, reason: string) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: SERVER.unauthorized, reason });
};

describe('what the client is told', () => {
  it('answers the idle limit, the absolute end and the idle end at sign-in, and the cookies live until the absolute end', async () => {
    const { res } = await signIn();
    expect(res.json().session).toEqual({
      idleMinutes: 30,
      expiresAt: new Date(clock + 12 * HOUR).toISOString(),
      idleExpiresAt: new Date(clock + 30 * MINUTE).toISOString(),
      now: new Date(clock).toISOString(),
    });
    for (const name of ['refresh_token', 'session']) expect(cookie(res, name)!.maxAge).toBe(12 * 3600);
  });

  it('follows SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS', async () => {
    const other = await createTestApp({ SESSION_IDLE_MINUTES: '5', SESSION_ABSOLUTE_HOURS: '1' });
    try {
      const staff = await other.createStaff();
      const res = await other.request({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: staff.email, password: staff.password },
      });
      const { session } = res.json();
      expect(session.idleMinutes).toBe(5);
      expect(Date.parse(session.expiresAt) - Date.parse(session.idleExpiresAt)).toBe(55 * MINUTE);
      expect(cookie(res, 'refresh_token')!.maxAge).toBeLessThanOrEqual(3600);
    } finally {
      await other.close();
    }
  });

  it('refuses a limit that makes no sense at start-up, naming the variable', () => {
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: 'half an hour' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ SESSION_ABSOLUTE_HOURS: '0' })).toThrow(/SESSION_ABSOLUTE_HOURS/);
    expect(() => loadConfig({ SESSION_ABSOLUTE_HOURS: '721' })).toThrow(/SESSION_ABSOLUTE_HOURS/);
    expect(loadConfig({})).toMatchObject({ SESSION_IDLE_MINUTES: 30, SESSION_ABSOLUTE_HOURS: 12 });
  });
});

describe('idle limit', () => {
  it('ends a session after 30 minutes without activity: 401 with reason idle, the family revoked, refresh refused', async () => {
    const { token, refreshToken } = await signIn();
    pass(29 * MINUTE);
    expect((await backgroundCheck(token)).statusCode).toBe(200);
    pass(MINUTE);
    expectEnded(await me(token), 'idle');
    const family = await familyOf(token);
    expect(family).toMatchObject({ end_reason: 'idle', ended_at: expect.any(String) });
    const live = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('family_id', '=', family.family_id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    // Still ended, and still for the same reason, whoever asks next.
    expectEnded(await me(token), 'idle');
    const renewed = await refresh(refreshToken);
    expectEnded(renewed, 'idle');
    expect(cookie(renewed, 'refresh_token')?.value).toBe('');
    expect(cookie(renewed, 'session')?.value).toBe('');
  });

  it('keeps a session alive while the person makes requests', async () => {
    const { token } = await signIn();
    for (let i = 0; i < 6; i++) {
      pass(20 * MINUTE);
      expect((await me(token)).statusCode).toBe(200);
    }
    const { session } = { session: (await backgroundCheck(token)).json() };
    expect(Date.parse(session.idleExpiresAt)).toBe(Date.parse((await familyOf(token)).last_active_at) + 30 * MINUTE);
  });

  it('does not count background checks as activity', async () => {
    const { token } = await signIn();
    for (let i = 0; i < 5; i++) {
      pass(5 * MINUTE);
      const check = await backgroundCheck(token);
      expect(check.statusCode).toBe(200);
      expect(Date.parse(check.json().idleExpiresAt) - now().getTime()).toBe(30 * MINUTE - (i + 1) * 5 * MINUTE);
    }
    pass(5 * MINUTE);
    expectEnded(await backgroundCheck(token), 'idle');
  });

  it('does not count a refresh as activity, and refuses it once the session is idle', async () => {
    const { token, refreshToken } = await signIn();
    pass(20 * MINUTE);
    const renewed = await refresh(refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect(Date.parse(renewed.json().session.idleExpiresAt) - now().getTime()).toBe(10 * MINUTE);
    pass(10 * MINUTE);
    expectEnded(await refresh(cookie(renewed, 'refresh_token')!.value), 'idle');
    expectEnded(await me(token), 'idle');
  });

  it('writes the last activity at most every 30 seconds, never moving it back', async () => {
    const { token } = await signIn();
    const started = (await familyOf(token)).last_active_at;
    pass((SESSION_ACTIVITY_WRITE_SECONDS - 1) * 1000);
    expect((await me(token)).statusCode).toBe(200);
    expect((await familyOf(token)).last_active_at).toBe(started);
    pass(1000);
    expect((await me(token)).statusCode).toBe(200);
    const written = (await familyOf(token)).last_active_at;
    expect(Date.parse(written) - Date.parse(started)).toBe(SESSION_ACTIVITY_WRITE_SECONDS * 1000);
    // The recorded time is the idle end the client is told, so its warning matches the server.
    pass(10_000);
    expect(Date.parse((await backgroundCheck(token)).json().idleExpiresAt)).toBe(Date.parse(written) + 30 * MINUTE);
  });

  it('"Stay signed in" (POST /session) records activity at once, whatever the interval', async () => {
    const { token } = await signIn();
    pass(10_000);
    const stay = await t.request({ method: 'POST', url: '/api/users/session', token });
    expect(stay.statusCode).toBe(200);
    expect(Date.parse(stay.json().idleExpiresAt)).toBe(now().getTime() + 30 * MINUTE);
    expect(Date.parse((await familyOf(token)).last_active_at)).toBe(now().getTime());
  });

  it('cannot be kept alive without a valid token', async () => {
    const { token } = await signIn();
    const before = (await familyOf(token)).last_active_at;
    pass(MINUTE);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const attempt of [undefined, 'not.a.jwt', forged]) {
      const res = await t.request({ method: 'POST', url: '/api/users/session', token: attempt });
      expect(res.statusCode).toBe(401);
      // Nothing about any session is said to someone without its token.
      expect(res.json()).toEqual({ message: SERVER.unauthorized });
    }
    expect((await familyOf(token)).last_active_at).toBe(before);
  });
});

describe('absolute limit', () => {
  it('ends a session 12 hours after sign-in however active it was, and refuses to renew it', async () => {
    const { token, refreshToken } = await signIn();
    let current = refreshToken;
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      pass(20 * MINUTE);
      expect((await me(token)).statusCode).toBe(200);
    }
    const renewed = await refresh(current);
    expect(renewed.statusCode).toBe(200);
    current = cookie(renewed, 'refresh_token')!.value;
    // Renewing keeps the session's end: its cookies live only until then.
    expect(cookie(renewed, 'refresh_token')!.maxAge).toBe(20 * 60);
    pass(20 * MINUTE);
    expectEnded(await me(token), 'expired');
    expect((await familyOf(token)).end_reason).toBe('expired');
    expectEnded(await refresh(current), 'expired');
  });

  it('says expired, not idle, when the absolute end came first', async () => {
    const other = await createTestApp({ SESSION_IDLE_MINUTES: '90', SESSION_ABSOLUTE_HOURS: '1' }, { now });
    try {
      const staff = await other.createStaff();
      pass(2 * HOUR);
      const res = await other.request({ method: 'GET', url: '/api/users/me', token: staff.token });
      expect(res.json()).toEqual({ message: SERVER.unauthorized, reason: 'expired' });
    } finally {
      await other.close();
    }
  });
});

describe('sessions ended by someone', () => {
  it('tells another device it was signed out elsewhere after "sign out everywhere"', async () => {
    const first = await signIn();
    const second = await t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: first.staff.email, password: first.staff.password },
    });
    expect((await t.request({ method: 'POST', url: '/api/users/logout_all', token: second.json().token })).statusCode).toBe(200);
    expectEnded(await me(first.token), 'elsewhere');
    expectEnded(await refresh(first.refreshToken), 'elsewhere');
  });

  it('tells another tab of the same browser that the person signed out', async () => {
    const { token, refreshToken } = await signIn();
    const out = await t.request({ method: 'POST', url: '/api/users/logout', token, cookies: { refresh_token: refreshToken } });
    expect(out.statusCode).toBe(200);
    expectEnded(await me(token), 'signed-out');
  });

  it('tells a removed account that it is no longer active', async () => {
    const owner = await t.createStaff('superadmin');
    const { staff, token, refreshToken } = await signIn();
    expect((await t.request({ method: 'DELETE', url: `/api/users/delete_user/${staff.id}`, token: owner.token })).statusCode).toBe(200);
    expectEnded(await me(token), 'account');
    // The refresh token went with the account: nothing to say about it.
    expect((await refresh(refreshToken)).json()).toEqual({ message: SERVER.unauthorized });
  });

  it('says nothing about a refresh token it does not know', async () => {
    const res = await refresh('made-up-refresh-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER.unauthorized });
  });

  it('lists devices with their last activity and leaves ended ones out', async () => {
    const first = await signIn();
    pass(5 * MINUTE);
    expect((await me(first.token)).statusCode).toBe(200);
    const list = await t.request({ method: 'GET', url: '/api/users/sessions', token: first.token });
    const current = list.json().find((s: { current: boolean }) => s.current);
    expect(Date.parse(current.lastUsedAt)).toBe(now().getTime());
    expect(Date.parse(current.lastUsedAt) - Date.parse(current.signedInAt)).toBe(5 * MINUTE);
  });
});

describe('migration 20261123T110000-session-activity', () => {
  it('carries existing sessions over: started at the first token, last active at the newest, ended when none is live', async () => {
    const { db, migrator, close } = await databaseBefore('20261123T110000-session-activity');
    try {
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 8, minute)).toISOString();
      await db
        .insertInto('users')
        .values({
          id: 'u1',
          name: 'Old Staff',
          email: 'old@example.com',
          role: 'admin',
          password_hash: 'x',
          created_at: at(0),
          updated_at: at(0),
        })
        .execute();
      const row = (id: string, family: string, created: number, revoked: number | null) => ({
        id,
        user_id: 'u1',
        refresh_hash: `hash-${id}`,
        family_id: family,
        expires_at: at(59),
        revoked_at: revoked === null ? null : at(revoked),
        created_at: at(created),
        ip: null,
        user_agent: null,
      });
      await db
        .insertInto('sessions')
        .values([row('a1', 'live', 1, 5), row('a2', 'live', 5, null), row('b1', 'gone', 2, 3), row('b2', 'gone', 3, 4)])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const families = await db.selectFrom('session_families').selectAll().orderBy('family_id').execute();
      expect(families).toEqual([
        {
          family_id: 'gone',
          user_id: 'u1',
          started_at: at(2),
          last_active_at: at(3),
          expires_at: at(59),
          ended_at: at(4),
          end_reason: 'elsewhere',
        },
        {
          family_id: 'live',
          user_id: 'u1',
          started_at: at(1),
          last_active_at: at(5),
          expires_at: at(59),
          ended_at: null,
          end_reason: null,
        },
      ]);
    } finally {
      await close();
    }
  });
});
