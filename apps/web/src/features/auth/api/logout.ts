import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { api } from '../../../lib/api-client';
import { clearToken } from '../../../lib/auth-storage';

const logout = async () => {
  try {
    await api.post(apiUrl('logout'));
  } finally {
    // Signed out locally even when the server cannot be reached.
    clearToken();
  }
};

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Queries only: clearing the mutation cache too would drop this very mutation, and with it the
    // caller's own onSettled (which takes the user to the home page).
    onSettled: () => queryClient.removeQueries(),
  });
}
