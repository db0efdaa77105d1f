import { z } from 'zod';
import { LOGIN_PASSWORD_MAX, PASSWORD_MAX, PASSWORD_MIN, ROLES } from './constants.js';
import { PASSWORD, SERVER, VALIDATION } from './ui-texts.js';
import { PASSWORD_RESET } from './password-reset-texts.js';
import { STAFF } from './staff-account-texts.js';
import { SessionInfoSchema } from './session.js';

const required = z.string({ error: VALIDATION.allFieldsRequired }).trim().min(1, VALIDATION.allFieldsRequired);
// 254 is the longest address SMTP can deliver to.
const email = required.max(254, VALIDATION.email).toLowerCase();
const name = required.max(100, STAFF.nameTooLong);

export const RoleSchema = z.enum(ROLES);

export const LoginInputSchema = z.object({
  email,
  password: z
    .string({ error: VALIDATION.allFieldsRequired })
    .min(1, VALIDATION.allFieldsRequired)
    .max(LOGIN_PASSWORD_MAX, STAFF.passwordTooLong),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/**
 * The form in which a password is hashed and compared: NFKC, so the same password typed on another
 * keyboard or system (composed or decomposed accents, full-width letters) is the same password.
 */
export const normalizePassword = (password: string) => password.normalize('NFKC');

/** A password's length as the rule counts it: Unicode code points after normalising (an emoji is one). */
export const passwordLength = (password: string) => [...normalizePassword(password)].length;

/**
 * The length rule for every password someone sets (ADR 0017): any characters, spaces and emoji
 * included. The server adds the common-password list and the email-name rule on top.
 */
const newPassword = z
  .string({ error: VALIDATION.allFieldsRequired })
  .min(1, { error: VALIDATION.allFieldsRequired, abort: true })
  .superRefine((password, ctx) => {
    const length = passwordLength(password);
    if (length < PASSWORD_MIN) ctx.addIssue({ code: 'custom', message: PASSWORD.tooShort });
    else if (length > PASSWORD_MAX) ctx.addIssue({ code: 'custom', message: PASSWORD.tooLong });
  });

/** The password the signed-in person has now, to prove it is them: checked like a sign-in. */
const currentPassword = z
  .string({ error: VALIDATION.allFieldsRequired })
  .min(1, VALIDATION.allFieldsRequired)
  .max(LOGIN_PASSWORD_MAX, STAFF.passwordTooLong);

/** add_user takes {name, email, password} (docs/product.md#api-users); `role` is optional and defaults to a sub-admin. */
export const AddUserInputSchema = z.object({
  name,
  email: email.pipe(z.email(VALIDATION.email)),
  password: newPassword,
  role: RoleSchema.optional(),
});
export type AddUserInput = z.infer<typeof AddUserInputSchema>;

/**
 * update_user takes {name, email} (docs/product.md#api-users). A super-admin may also change the role and set a new password for an
 * account (the only way back in for a sub-admin who forgot theirs); both are optional.
 */
export const UpdateUserInputSchema = z.object({
  name,
  email: email.pipe(z.email(VALIDATION.email)),
  role: RoleSchema.optional(),
  password: newPassword.optional(),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

/**
 * The profile form sends the (fixed) email too; the server ignores it: the profile edits the
 * signed-in account. The current password is required, so an unlocked screen is not enough to take
 * the account over (docs/product.md#api-users).
 */
export const ProfileInputSchema = z
  .object({
    name,
    email: z.string().optional(),
    currentPassword,
    password: newPassword,
    confirmPassword: z.string({ error: VALIDATION.allFieldsRequired }).min(1, VALIDATION.allFieldsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: SERVER.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

/** "Forgot password?" (ADR 0023): its texts live apart, so the sign-in pages import them without the schemas. */
export { PASSWORD_RESET };

export const ForgotPasswordInputSchema = z.object({ email: email.pipe(z.email(VALIDATION.email)) });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z
  .object({
    token: z.string({ error: PASSWORD_RESET.invalidLink }).min(1, PASSWORD_RESET.invalidLink).max(200, PASSWORD_RESET.invalidLink),
    password: newPassword,
    confirmPassword: z.string({ error: VALIDATION.allFieldsRequired }).min(1, VALIDATION.allFieldsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { message: SERVER.passwordsMustMatch, path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  /** Present (true) only when the account must choose a new password before anything else. */
  mustChangePassword: z.literal(true).optional(),
});
export type User = z.infer<typeof UserSchema>;

export const UserListSchema = z.array(UserSchema);

/** Signed in, or renewed: the access token, who, and the session's limits for the idle warning (ADR 0018). */
export const LoginResponseSchema = z.object({ token: z.string(), user: UserSchema, session: SessionInfoSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** One signed-in device: a session family with a live refresh token. */
export const StaffSessionSchema = z.object({
  /** The live refresh-token row; changes each time the device renews its session. */
  id: z.string(),
  current: z.boolean(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;
export const StaffSessionListSchema = z.array(StaffSessionSchema);
