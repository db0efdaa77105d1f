import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { TIMEOUTS } from '@visa/shared/constants';
import { LOGIN, SERVER } from '@visa/shared/messages';
import type { LoginInput, LoginResponse, User } from '@visa/shared/users';
import { api, serverMessage } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-storage';
import { meQueryOptions } from './get-me';

/** Thrown for a 2xx answer that carries no token ('Login failed. No token received.'). */
class NoTokenError extends Error {
  constructor() {
    super(LOGIN.noToken);
  }
}

/** Signs in and stores the token; a storage failure (disabled in private mode, full) fails the sign-in too. */
export async function login(input: LoginInput): Promise<{ token: string; user: User | undefined }> {
  const { data } = await api.post<Partial<LoginResponse> | string | undefined>('/api/users/login', input, { timeout: TIMEOUTS.login });
  // A proxy or captive portal can answer 200 with a page of its own: no token, no sign-in.
  if (!data || typeof data !== 'object' || typeof data.token !== 'string' || data.token === '') throw new NoTokenError();
  setToken(data.token);
  return { token: data.token, user: data.user };
}

/** The message for each way a sign-in can fail (docs/product.md#messages); a 429 shows the server's own words. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof NoTokenError) return LOGIN.noToken;
  if (isAxiosError(error)) {
    if (error.response) {
      if (error.response.status === 401) return LOGIN.invalidCredentials;
      if (error.response.status === 429) return serverMessage(error) ?? SERVER.tooManyRequests;
      return LOGIN.failed;
    }
    // A request went out but nothing came back: offline, refused, or the 5 s timeout.
    if (error.request) return LOGIN.noResponse;
  }
  return LOGIN.error;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      // Nothing cached for a previous account may leak into this one.
      queryClient.clear();
      if (user) queryClient.setQueryData(meQueryOptions().queryKey, user);
    },
  });
}
