import { describe, expect, it } from 'vitest';
import { LOGIN, SERVER } from '@visa/shared/ui-texts';
import { loginErrorMessage } from './login';
import { HttpError } from '../../../lib/http';

/** A refusal as the browser receives it from the API: status, Retry-After and the server's message. */
const config = { method: 'POST' as const, url: '/api/users/login' };
const refusal = (status: number, retryAfter?: string) =>
  new HttpError('refused', 'ERR_BAD_RESPONSE', config, {
    status,
    headers: retryAfter ? { 'retry-after': retryAfter } : {},
    data: { message: SERVER.tooManyRequests },
    config,
  });

describe('the sign-in refusal a person reads', () => {
  it('says to try again in a moment when the server asks for a second or two, and keeps the limit message otherwise', () => {
    expect(loginErrorMessage(refusal(429, '1'))).toBe(LOGIN.busy);
    expect(loginErrorMessage(refusal(429, '3'))).toBe(LOGIN.busy);
    expect(loginErrorMessage(refusal(429, '900'))).toBe(SERVER.tooManyRequests);
    expect(loginErrorMessage(refusal(429))).toBe(SERVER.tooManyRequests);
    expect(loginErrorMessage(refusal(401))).toBe(LOGIN.invalidCredentials);
  });
});
