import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { api } from '../../../lib/api-client';
import { clearToken } from '../../../lib/auth-storage';

/** Revokes every session of the account, this one included. */
const logoutEverywhere = async () => {
  await api.post(apiUrl('logoutAll'));
  clearToken();
};

export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logoutEverywhere, onSuccess: () => queryClient.removeQueries() });
}
