import { regexes } from 'zod/v4/core';
import { LOGIN_PASSWORD_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@visa/shared/constants';
import { PASSWORD, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { PASSWORD_RESET } from '@visa/shared/password-reset-texts';
import { STAFF } from '@visa/shared/staff-account-texts';

/**
 * The sign-in pages' own checks, by hand: the same rules and the same first message as the shared
 * schemas (LoginInputSchema, ForgotPasswordInputSchema, ResetPasswordInputSchema, TotpCodeSchema,
 * RecoveryCodeSchema), without zod's classic API, which is too heavy for those pages (ADR 0050).
 * sign-in-checks.test.ts holds each one to its schema. A check returns what to send, or each field's message.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: Partial<Record<keyof T, string>> };

const result = <T>(value: T, errors: Partial<Record<keyof T, string>>): Checked<T> =>
  Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, errors };

/** The email's message, if any, and the email as the schemas take it (trimmed, lower case). */
function email(raw: string, format: boolean): { value: string; message?: string } {
  const trimmed = raw.trim();
  if (trimmed === '') return { value: trimmed, message: VALIDATION.allFieldsRequired };
  if (trimmed.length > 254) return { value: trimmed, message: VALIDATION.email };
  const value = trimmed.toLowerCase();
  if (format && !regexes.email.test(value)) return { value, message: VALIDATION.email };
  return { value };
}

type LoginInput = { email: string; password: string };

export function checkLogin(raw: LoginInput): Checked<LoginInput> {
  const address = email(raw.email, false);
  const errors: Partial<LoginInput> = {};
  if (address.message) errors.email = address.message;
  if (raw.password === '') errors.password = VALIDATION.allFieldsRequired;
  else if (raw.password.length > LOGIN_PASSWORD_MAX) errors.password = STAFF.passwordTooLong;
  return result({ email: address.value, password: raw.password }, errors);
}

export function checkForgotPassword(raw: { email: string }): Checked<{ email: string }> {
  const address = email(raw.email, true);
  return result({ email: address.value }, address.message ? { email: address.message } : {});
}

/** Counted as the password rule counts it (users.ts `passwordLength`): code points after NFKC. */
const passwordLength = (password: string) => [...password.normalize('NFKC')].length;

type ResetInput = { token: string; password: string; confirmPassword: string };

/** Every field's first message, as the form shows them. */
export function checkResetPassword(raw: ResetInput): Checked<ResetInput> {
  const errors: Partial<ResetInput> = {};
  if (raw.token === '' || raw.token.length > 200) errors.token = PASSWORD_RESET.invalidLink;
  const length = passwordLength(raw.password);
  if (raw.password === '') errors.password = VALIDATION.allFieldsRequired;
  else if (length < PASSWORD_MIN) errors.password = PASSWORD.tooShort;
  else if (length > PASSWORD_MAX) errors.password = PASSWORD.tooLong;
  if (raw.confirmPassword === '') errors.confirmPassword = VALIDATION.allFieldsRequired;
  // The schema compares the two unless the password was empty (the one check that stops it there).
  if (raw.password !== '' && raw.password !== raw.confirmPassword) errors.confirmPassword ??= SERVER.passwordsMustMatch;
  return result(raw, errors);
}

/** Six digits from the app (spaces as the apps show them are forgiven), or null. */
export function checkTotpCode(raw: string): string | null {
  const value = raw.replace(/\s/g, '');
  return raw.length <= 20 && /^\d{6}$/.test(value) ? value : null;
}

/** A recovery code as shown (abcd-efgh-jkmn; dashes, spaces and capitals are forgiven), or null. */
export function checkRecoveryCode(raw: string): string | null {
  const value = raw.replace(/[\s-]/g, '').toLowerCase();
  return raw.length <= 40 && /^[a-z0-9]{12}$/.test(value) ? value : null;
}
