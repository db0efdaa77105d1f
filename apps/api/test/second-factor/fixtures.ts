import { expect } from 'vitest';
import type { Staff } from '@visa/test-support/file-app';
import type { TestApp } from '@visa/test-support/test-app';
import { totpCode } from '@visa/test-support/totp';

/** What the second-factor test files share: sign-in requests and enrolment as a person does it. */

export function secondFactorRequests(app: () => TestApp) {
  const login = (email: string, password: string) =>
    app().request({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  const secondStep = (payload: Record<string, unknown>) =>
    app().request({ method: 'POST', url: '/api/users/login/second-factor', payload });
  const me = (token: string) => app().request({ method: 'GET', url: '/api/users/me', token });
  const post = (url: string, token: string, payload: Record<string, unknown> = {}) =>
    app().request({ method: 'POST', url, token, payload });

  /** Sets up the app from the profile as a person would: the secret from the answer, a code computed from it. */
  async function enrol(staff: Staff): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await post('/api/users/me/second-factor/setup', staff.token);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const enabled = await post('/api/users/me/second-factor/enable', staff.token, {
      code: totpCode(secret),
      currentPassword: staff.password,
    });
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
  return { login, secondStep, me, post, enrol, expectSignedInAtOnce, challengeFor };
}
