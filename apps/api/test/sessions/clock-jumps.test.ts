import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/ui-texts';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

/**
 * A staff session when the wall clock jumps an hour (ADR 0068), on the app's injectable clock:
 * back, it goes on (its limits are times, now further away); forward past the idle limit, it ends
 * as idle, and the person signs in again.
 */

const MINUTE = 60_000;
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t.close());

describe('staff sessions and a jumping clock', () => {
  it('survive a backward jump and end as idle after a forward one beyond the idle limit', async () => {
    const staff = await t.createStaff();
    const res = await t.request({ method: 'POST', url: '/api/users/login', payload: { email: staff.email, password: staff.password } });
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    const me = () => t.request({ method: 'GET', url: '/api/users/me', token });

    clock -= 60 * MINUTE;
    expect((await me()).statusCode).toBe(200);
    clock += 10 * MINUTE;
    expect((await me()).statusCode).toBe(200);

    // An hour and a half on: 40 minutes after the latest activity it knows (at sign-in, before the
    // jump back), beyond the 30-minute idle limit.
    clock += 90 * MINUTE;
    const ended = await me();
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ message: SERVER.unauthorized, reason: 'idle' });
  });
});
