import { apiUrl } from '@visa/shared/api-paths';
import { TIMEOUTS } from '@visa/shared/constants';
import { LOGIN, SECOND_FACTOR, SERVER } from '@visa/shared/ui-texts';
import type { SecondFactorLoginInput, SecondFactorLoginResponse, SecondFactorSetup } from '@visa/shared/second-factor';
import { setToken } from '../../../lib/auth-storage';
import { signedIn } from '../lib/signed-in';
import { noAnswer, postJson, refusalText, statusOf } from './sign-in-request';

/** The second step of signing in (ADR 0019): a code or a recovery code for the challenge; stores the token like the password step. */
export async function completeSecondStep(input: SecondFactorLoginInput): Promise<SecondFactorLoginResponse> {
  const data = (await postJson(apiUrl('loginSecondFactor'), input, TIMEOUTS.login)) as SecondFactorLoginResponse | undefined;
  if (!data || typeof data !== 'object' || typeof data.token !== 'string' || data.token === '') throw new Error(LOGIN.noToken);
  setToken(data.token);
  signedIn(data.user);
  return data;
}

/** When the office requires a second factor and the account has none: the secret to set the app up with. */
export const startEnrolment = async (challenge: string): Promise<SecondFactorSetup> =>
  (await postJson(apiUrl('loginSecondFactorSetup'), { challenge }, TIMEOUTS.login)) as SecondFactorSetup;

/** Whether a failed second step means the password must be given again (the challenge ended). */
export const challengeEnded = (error: unknown): boolean => statusOf(error) === 401 && refusalText(error) === SECOND_FACTOR.challengeEnded;

/** The words for a failed second step: the server's own for a refusal it explains, otherwise as for the password step. */
export function secondStepErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400 || status === 401 || status === 403 || status === 429)
    return refusalText(error) ?? (status === 429 ? SERVER.tooManyRequests : LOGIN.failed);
  if (status !== undefined) return LOGIN.failed;
  if (noAnswer(error)) return LOGIN.noResponse;
  return error instanceof Error && error.message === LOGIN.noToken ? LOGIN.noToken : LOGIN.error;
}
