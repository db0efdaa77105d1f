import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { TIMEOUTS } from '@visa/shared/constants';
import { ADD_ADMIN } from '@visa/shared/messages';
import type { AddUserInput, User } from '@visa/shared/users';
import { api, serverMessage } from '../../../lib/api-client';
import { usersQueryOptions } from './get-users';

const createUser = async (input: AddUserInput): Promise<User> =>
  (await api.post<User>('/api/users/add_user', input, { timeout: TIMEOUTS.addUser })).data;

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}

/**
 * Adding an admin (docs/product.md#messages): any error answer shows the product's wording. When
 * the server said something more specific than "already exists" (a 403 or 429, say), that is given
 * as a detail underneath.
 */
export function addUserErrorMessage(error: unknown): { message: string; detail?: string } {
  if (isAxiosError(error)) {
    if (error.response) {
      const detail = error.response.status === 409 ? undefined : serverMessage(error);
      return detail ? { message: ADD_ADMIN.exists, detail } : { message: ADD_ADMIN.exists };
    }
    if (error.request) return { message: ADD_ADMIN.noResponse };
  }
  return { message: ADD_ADMIN.error };
}
