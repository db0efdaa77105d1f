import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMEOUTS } from '@visa/shared/constants';
import { LOGIN, SECOND_FACTOR, SERVER } from '@visa/shared/messages';
import type { SecondFactorLoginInput, SecondFactorLoginResponse, SecondFactorSetup } from '@visa/shared/second-factor';
import { api, serverMessage, isHttpError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-storage';
import { meQueryOptions } from './get-me';

/** The second step of signing in (ADR 0019): a code or a recovery code for the challenge; stores the token like the password step. */
async function completeSecondStep(input: SecondFactorLoginInput): Promise<SecondFactorLoginResponse> {
  const { data } = await api.post<SecondFactorLoginResponse>('/api/users/login/second-factor', input, { timeout: TIMEOUTS.login });
  if (!data || typeof data !== 'object' || typeof data.token !== 'string' || data.token === '') throw new Error(LOGIN.noToken);
  setToken(data.token);
  return data;
}

export function useCompleteSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSecondStep,
    onSuccess: ({ user }) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, user);
    },
  });
}

/** When the office requires a second factor and the account has none: the secret to set the app up with. */
const startEnrolment = async (challenge: string): Promise<SecondFactorSetup> =>
  (await api.post<SecondFactorSetup>('/api/users/login/second-factor/setup', { challenge }, { timeout: TIMEOUTS.login })).data;

export const useStartEnrolment = () => useMutation({ mutationFn: startEnrolment });

/** Whether a failed second step means the password must be given again (the challenge ended). */
export const challengeEnded = (error: unknown): boolean =>
  isHttpError(error) && error.response?.status === 401 && serverMessage(error) === SECOND_FACTOR.challengeEnded;

/** The words for a failed second step: the server's own for a refusal it explains, otherwise as for the password step. */
export function secondStepErrorMessage(error: unknown): string {
  if (isHttpError(error)) {
    if (error.response) {
      const status = error.response.status;
      if (status === 400 || status === 401 || status === 403 || status === 429)
        return serverMessage(error) ?? (status === 429 ? SERVER.tooManyRequests : LOGIN.failed);
      return LOGIN.failed;
    }
    return LOGIN.noResponse;
  }
  return error instanceof Error && error.message === LOGIN.noToken ? LOGIN.noToken : LOGIN.error;
}
