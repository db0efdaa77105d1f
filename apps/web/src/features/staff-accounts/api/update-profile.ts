import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { TIMEOUTS } from '@visa/shared/constants';
import { FAILED, LOGIN, PROFILE } from '@visa/shared/ui-texts';
import type { ProfileInput, User } from '@visa/shared/users';
import { api, isTimeout, serverMessage, isHttpError, isCanceled } from '../../../lib/api-client';

const updateProfile = async (input: ProfileInput): Promise<User> =>
  (await api.post<User>(apiUrl('updateProfile'), input, { timeout: TIMEOUTS.profile })).data;

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });

/**
 * Saving the profile (docs/product.md#messages): an aborted request (cancelled, or over the 5 s
 * timeout) says so with its reason.
 */
export function profileErrorMessage(error: unknown): string {
  if (isCanceled(error) || isTimeout(error)) {
    return PROFILE.aborted((error as Error).message);
  }
  if (isHttpError(error)) {
    if (error.response) return serverMessage(error) ?? FAILED.profileRefused;
    return LOGIN.noResponse;
  }
  return FAILED.profileError;
}
