import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { isValidId } from '@visa/shared/ids';
import { VALIDATION } from '@visa/shared/ui-texts';
import { STAFF } from '@visa/shared/staff-account-texts';
import { api, serverMessage } from '../../../lib/api-client';
import { staffAccountsQueryOptions } from './get-staff-accounts';

class InvalidIdError extends Error {
  constructor() {
    super(VALIDATION.invalidId);
  }
}

/** The call is made only for a well-formed id. */
export async function deleteStaffAccount(id: string): Promise<void> {
  if (!isValidId(id)) throw new InvalidIdError();
  await api.delete(apiUrl('deleteStaffAccount', { id }));
}

export function useDeleteStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStaffAccount,
    // On 200 the list is fetched again.
    onSuccess: () => queryClient.refetchQueries({ queryKey: staffAccountsQueryOptions().queryKey }),
  });
}

export function deleteStaffAccountErrorMessage(error: unknown): string {
  if (error instanceof InvalidIdError) return error.message;
  return serverMessage(error) ?? STAFF.deleteFailed;
}
