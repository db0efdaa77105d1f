import { apiUrl } from '@visa/shared/api-paths';
import { TIMEOUTS } from '@visa/shared/constants';
import { LOGIN, SERVER } from '@visa/shared/ui-texts';
import type { SecondFactorChallenge } from '@visa/shared/second-factor';
import type { LoginInput, LoginResponse, User } from '@visa/shared/users';
import { setToken } from '../../../lib/auth-storage';
import { signedIn } from '../lib/signed-in';
import type { HttpError } from '../../../lib/http';
import { noAnswer, postJson, refusalText, statusOf } from './sign-in-request';

/** Thrown for a 2xx answer that carries no token ('Login failed. No token received.'). */
class NoTokenError extends Error {
  constructor() {
    super(LOGIN.noToken);
  }
}

/** What a correct password leads to: signed in, or a second step to take first (ADR 0019). */
export type LoginResult = { token: string; user: User | undefined } | SecondFactorChallenge;

const isChallenge = (data: unknown): data is SecondFactorChallenge =>
  typeof data === 'object' &&
  data !== null &&
  ['totp', 'enrol'].includes((data as SecondFactorChallenge).secondFactor) &&
  typeof (data as SecondFactorChallenge).challenge === 'string';

/** Signs in and stores the token; a storage failure (disabled in private mode, full) fails the sign-in too. */
export async function login(input: LoginInput): Promise<LoginResult> {
  const data = (await postJson(apiUrl('login'), input, TIMEOUTS.login)) as
    Partial<LoginResponse> | SecondFactorChallenge | string | undefined;
  if (isChallenge(data)) return { secondFactor: data.secondFactor, challenge: data.challenge };
  // A proxy or captive portal can answer 200 with a page of its own: no token, no sign-in.
  if (!data || typeof data !== 'object' || typeof data.token !== 'string' || data.token === '') throw new NoTokenError();
  setToken(data.token);
  signedIn(data.user);
  return { token: data.token, user: data.user };
}

/** A refusal asking to come back within this many seconds is the server being busy, not a limit reached. */
const BUSY_RETRY_AFTER_S = 5;

/**
 * The message for each way a sign-in can fail (docs/product.md#messages); a 429 shows the server's
 * own words, unless its Retry-After says to try again in a moment.
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof NoTokenError) return LOGIN.noToken;
  const status = statusOf(error);
  if (status === 401) return LOGIN.invalidCredentials;
  if (status === 429) {
    const retryAfter = Number((error as HttpError).response?.headers['retry-after']);
    if (retryAfter > 0 && retryAfter <= BUSY_RETRY_AFTER_S) return LOGIN.busy;
    return refusalText(error) ?? SERVER.tooManyRequests;
  }
  if (status !== undefined) return LOGIN.failed;
  // A request went out but nothing came back: offline, refused, or the 5 s timeout.
  if (noAnswer(error)) return LOGIN.noResponse;
  return LOGIN.error;
}
