import { apiUrl } from '@visa/shared/api-paths';
import { LOGIN, SERVER } from '@visa/shared/ui-texts';
import type { ForgotPasswordInput, ResetPasswordInput } from '@visa/shared/users';
import { noAnswer, postJson, refusalText } from './sign-in-request';

const TIMEOUT_MS = 10_000;

const answerText = (data: unknown) => ({ message: String((data as { message?: unknown } | null)?.message ?? '') });

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export const askForResetLink = async (input: ForgotPasswordInput) =>
  answerText(await postJson(apiUrl('forgotPassword'), input, TIMEOUT_MS));

/** Sets the new password with the emailed link's token. */
export const resetPassword = async (input: ResetPasswordInput) => answerText(await postJson(apiUrl('resetPassword'), input, TIMEOUT_MS));

/** The server's own words for a refusal (invalid link, a password rule, too many tries); otherwise what went wrong. */
export function resetErrorMessage(error: unknown): string {
  if (noAnswer(error)) return LOGIN.noResponse;
  return refusalText(error) ?? SERVER.internal;
}
