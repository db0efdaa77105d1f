import { z } from 'zod';
import { PASSWORD_MIN, ROLES } from './constants.js';
import { SERVER, VALIDATION } from './messages.js';

const required = z.string({ error: VALIDATION.allFieldsRequired }).trim().min(1, VALIDATION.allFieldsRequired);
const email = required.max(254, VALIDATION.allFieldsRequired).toLowerCase();
const name = required.max(100, VALIDATION.allFieldsRequired);

/** Messages of staff-account rules the spec does not word (DESIGN.md §4, ADR 0006). */
export const STAFF = {
  notFound: 'This staff account does not exist.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  created: 'Admin added.',
  updated: 'Admin updated.',
  deleted: 'Admin deleted.',
  deleteFailed: 'Failed to delete admin.',
  profileUpdated: 'Profile updated.',
  loadFailed: 'Failed to load the admin list.',
} as const;

/** How the roles are labelled on screen (spec §2 uses Super-admin and Sub-admin). */
export const ROLE_LABELS = { superadmin: 'Super-admin', admin: 'Sub-admin' } as const;

export const RoleSchema = z.enum(ROLES);

export const LoginInputSchema = z.object({
  email,
  password: z.string({ error: VALIDATION.allFieldsRequired }).min(1, VALIDATION.allFieldsRequired).max(1024),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

const newPassword = z
  .string({ error: VALIDATION.allFieldsRequired })
  .min(1, VALIDATION.allFieldsRequired)
  .min(PASSWORD_MIN, SERVER.passwordTooShort)
  .max(1024, SERVER.passwordTooShort);

/** Spec §7: {name, email, password}; `role` is optional and defaults to a sub-admin. */
export const AddUserInputSchema = z.object({
  name,
  email: email.pipe(z.email(VALIDATION.email)),
  password: newPassword,
  role: RoleSchema.optional(),
});
export type AddUserInput = z.infer<typeof AddUserInputSchema>;

/**
 * Spec §7: {name, email}. A super-admin may also change the role and set a new password for an
 * account (the only way back in for a sub-admin who forgot theirs); both are optional.
 */
export const UpdateUserInputSchema = z.object({
  name,
  email: email.pipe(z.email(VALIDATION.email)),
  role: RoleSchema.optional(),
  password: newPassword.optional(),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

/** Spec §7 sends the (fixed) email too; the server ignores it: the profile edits the signed-in account. */
export const ProfileInputSchema = z
  .object({
    name,
    email: z.string().optional(),
    password: newPassword,
    confirmPassword: z.string({ error: VALIDATION.allFieldsRequired }).min(1, VALIDATION.allFieldsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: SERVER.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

export const UserListSchema = z.array(UserSchema);

export const LoginResponseSchema = z.object({ token: z.string(), user: UserSchema });
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
