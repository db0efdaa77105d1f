import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { TIMEOUTS } from '@visa/shared/constants';
import { ADD_STAFF_ACCOUNT } from '@visa/shared/ui-texts';
import type { AddUserInput, User } from '@visa/shared/users';
import { api, serverMessage, isHttpError } from '../../../lib/api-client';
import { staffAccountsQueryOptions } from './get-staff-accounts';
import { refetchAfterWrite } from '../../../lib/query-client';

const createStaffAccount = async (input: AddUserInput): Promise<User> =>
  (await api.post<User>(apiUrl('createStaffAccount'), input, { timeout: TIMEOUTS.addStaffAccount })).data;

export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffAccount,
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: staffAccountsQueryOptions().queryKey }),
  });
}

/**
 * Adding an admin (docs/product.md#messages): any error answer shows the product's wording. When
 * the server said something more specific than "already exists" (a 403 or 429, say), that is given
 * as a detail underneath.
 */
export function addStaffAccountErrorMessage(error: unknown): { message: string; detail?: string } {
  if (isHttpError(error)) {
    if (error.response) {
      const detail = error.response.status === 409 ? undefined : serverMessage(error);
      return detail ? { message: ADD_STAFF_ACCOUNT.exists, detail } : { message: ADD_STAFF_ACCOUNT.exists };
    }
    return { message: ADD_STAFF_ACCOUNT.noResponse };
  }
  return { message: ADD_STAFF_ACCOUNT.error };
}
