import { z } from 'zod';
import { PASSWORD_MIN, ROLES } from './constants.js';
import { SERVER, VALIDATION } from './messages.js';

const required = z.string({ error: VALIDATION.allFieldsRequired }).trim().min(1, VALIDATION.allFieldsRequired);
const email = required.max(254, VALIDATION.allFieldsRequired).toLowerCase();

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

export const AddUserInputSchema = z.object({
  name: required.max(100, VALIDATION.allFieldsRequired),
  email: email.pipe(z.email(VALIDATION.email)),
  password: newPassword,
});
export type AddUserInput = z.infer<typeof AddUserInputSchema>;

export const UpdateUserInputSchema = z.object({
  name: required.max(100, VALIDATION.allFieldsRequired),
  email: email.pipe(z.email(VALIDATION.email)),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

export const ProfileInputSchema = z
  .object({
    name: required.max(100, VALIDATION.allFieldsRequired),
    email: z.string().optional(),
    password: newPassword,
    confirmPassword: z.string({ error: VALIDATION.allFieldsRequired }).min(1, VALIDATION.allFieldsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: SERVER.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

export const RoleSchema = z.enum(ROLES);

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
