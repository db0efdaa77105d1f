import { describe, expect, it } from 'vitest';
import { SERVER, VALIDATION } from './messages.js';
import { AddUserInputSchema, LoginInputSchema, ProfileInputSchema, STAFF, UpdateUserInputSchema } from './users.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('staff account schemas', () => {
  it('lower-cases and trims emails, trims names', () => {
    expect(AddUserInputSchema.parse({ name: '  Ann ', email: ' Ann@Example.COM ', password: 'long enough' })).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      password: 'long enough',
    });
    expect(LoginInputSchema.parse({ email: ' A@B.CO ', password: ' keeps spaces ' })).toEqual({
      email: 'a@b.co',
      password: ' keeps spaces ',
    });
  });

  it('words each refusal', () => {
    expect(firstMessage(LoginInputSchema.safeParse({ email: '', password: '' }))).toBe(VALIDATION.allFieldsRequired);
    expect(firstMessage(LoginInputSchema.safeParse({}))).toBe(VALIDATION.allFieldsRequired);
    expect(firstMessage(LoginInputSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(1025) }))).toBe(STAFF.passwordTooLong);
    expect(firstMessage(AddUserInputSchema.safeParse({ name: 'x'.repeat(101), email: 'a@b.co', password: 'long enough' }))).toBe(
      STAFF.nameTooLong,
    );
    expect(firstMessage(AddUserInputSchema.safeParse({ name: 'Ann', email: `${'a'.repeat(250)}@b.co`, password: 'long enough' }))).toBe(
      VALIDATION.email,
    );
    expect(firstMessage(AddUserInputSchema.safeParse({ name: 'Ann', email: 'a@b.co', password: 'short' }))).toBe(SERVER.passwordTooShort);
    expect(
      firstMessage(AddUserInputSchema.safeParse({ name: 'Ann', email: 'a@b.co', password: 'long enough', role: 'owner' })),
    ).toBeTruthy();
    expect(UpdateUserInputSchema.safeParse({ name: 'Ann', email: 'a@b.co' }).success).toBe(true);
  });

  it('requires the profile passwords to match, after the required and length checks', () => {
    const base = { name: 'Ann', email: 'ignored', password: 'long enough', confirmPassword: 'long enough' };
    expect(ProfileInputSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(ProfileInputSchema.safeParse({ ...base, confirmPassword: 'different!' }))).toBe(SERVER.passwordsMustMatch);
    expect(ProfileInputSchema.safeParse({ ...base, confirmPassword: 'different!' }).error?.issues[0]?.path).toEqual(['confirmPassword']);
    expect(firstMessage(ProfileInputSchema.safeParse({ ...base, confirmPassword: '' }))).toBe(VALIDATION.allFieldsRequired);
    expect(firstMessage(ProfileInputSchema.safeParse({ ...base, password: 'short', confirmPassword: 'short' }))).toBe(
      SERVER.passwordTooShort,
    );
  });
});
