import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isValidId } from '@visa/shared/ids';
import { VALIDATION } from '@visa/shared/messages';
import { STAFF } from '@visa/shared/users';
import { api, serverMessage } from '../../../lib/api-client';
import { usersQueryOptions } from './get-users';

class InvalidIdError extends Error {
  constructor() {
    super(VALIDATION.invalidId);
  }
}

/** The call is made only for a well-formed id. */
export async function deleteUser(id: string): Promise<void> {
  if (!isValidId(id)) throw new InvalidIdError();
  await api.delete(`/api/users/delete_user/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // On 200 the list is fetched again.
    onSuccess: () => queryClient.refetchQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}

export function deleteUserErrorMessage(error: unknown): string {
  if (error instanceof InvalidIdError) return error.message;
  return serverMessage(error) ?? STAFF.deleteFailed;
}
