import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { EDIT_STAFF_ACCOUNT } from '@visa/shared/ui-texts';
import type { UpdateUserInput, User } from '@visa/shared/users';
import { api, serverMessage, isHttpError } from '../../../lib/api-client';
import { refetchAfterWrite } from '../../../lib/query-client';

/** An answer other than 200 (the API answers exactly 200); carries the server's message if any. */
class UpdateRefusedError extends Error {}

async function updateStaffAccount({ id, input }: { id: string; input: UpdateUserInput }): Promise<User> {
  const res = await api.put<User>(apiUrl('updateStaffAccount', { id }), input);
  if (res.status !== 200) throw new UpdateRefusedError(serverMessage({ response: res }) ?? EDIT_STAFF_ACCOUNT.failed);
  return res.data;
}

export function useUpdateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffAccount,
    // The list and, when someone edits themself, the signed-in account.
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: ['users'] }),
  });
}

/**
 * Editing an admin (docs/product.md#messages): an answer shows the server's message (or a
 * fallback); anything else is an exception.
 */
export function updateStaffAccountErrorMessage(error: unknown): string {
  if (error instanceof UpdateRefusedError) return error.message;
  if (isHttpError(error) && error.response) return serverMessage(error) ?? EDIT_STAFF_ACCOUNT.failed;
  return EDIT_STAFF_ACCOUNT.error;
}
