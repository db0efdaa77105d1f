import { useMutation } from '@tanstack/react-query';
import { LOGIN, SERVER } from '@visa/shared/messages';
import type { ForgotPasswordInput, ResetPasswordInput } from '@visa/shared/users';
import { api, serverMessage, isHttpError } from '../../../lib/api-client';

const TIMEOUT_MS = 10_000;

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: async (input: ForgotPasswordInput) =>
      (await api.post<{ message: string }>('/api/users/forgot-password', input, { timeout: TIMEOUT_MS })).data,
  });

/** Sets the new password with the emailed link's token. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: async (input: ResetPasswordInput) =>
      (await api.post<{ message: string }>('/api/users/reset-password', input, { timeout: TIMEOUT_MS })).data,
  });

/** The server's own words for a refusal (invalid link, a password rule, too many tries); otherwise what went wrong. */
export function resetErrorMessage(error: unknown): string {
  if (isHttpError(error) && !error.response) return LOGIN.noResponse;
  return serverMessage(error) ?? SERVER.internal;
}
