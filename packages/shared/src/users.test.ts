import { describe, expect, it } from 'vitest';
import { PASSWORD, SERVER, VALIDATION } from './ui-texts.js';
import { STAFF } from './staff-account-texts.js';
import {
  AddUserInputSchema,
  LoginInputSchema,
  ProfileInputSchema,
  UpdateUserInputSchema,
  normalizePassword,
  passwordLength,
} from './users.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('staff account schemas', () => {
  it('lower-cases and trims emails, trims names', () => {
    expect(AddUserInputSchema.parse({ name: '  Ann ', email: ' Ann@Example.COM ', password: 'long enough pw' })).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      password: 'long enough pw',
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
    expect(firstMessage(AddUserInputSchema.safeParse({ name: 'x'.repeat(101), email: 'a@b.co', password: 'long enough pw' }))).toBe(
      STAFF.nameTooLong,
    );
    expect(firstMessage(AddUserInputSchema.safeParse({ name: 'Ann', email: `${'a'.repeat(250)}@b.co`, password: 'long enough pw' }))).toBe(
      VALIDATION.email,
    );
    expect(firstMessage(AddUserInputSchema.safeParse({ name: 'Ann', email: 'a@b.co', password: 'short' }))).toBe(PASSWORD.tooShort);
    expect(
      firstMessage(AddUserInputSchema.safeParse({ name: 'Ann', email: 'a@b.co', password: 'long enough pw', role: 'owner' })),
    ).toBeTruthy();
    expect(UpdateUserInputSchema.safeParse({ name: 'Ann', email: 'a@b.co' }).success).toBe(true);
  });

  it('requires the profile passwords to match, after the required and length checks', () => {
    const base = {
      name: 'Ann',
      email: 'ignored',
      currentPassword: 'the old one',
      password: 'long enough pw',
      confirmPassword: 'long enough pw',
    };
    expect(ProfileInputSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(ProfileInputSchema.safeParse({ ...base, confirmPassword: 'different!' }))).toBe(SERVER.passwordsMustMatch);
    expect(ProfileInputSchema.safeParse({ ...base, confirmPassword: 'different!' }).error?.issues[0]?.path).toEqual(['confirmPassword']);
    expect(firstMessage(ProfileInputSchema.safeParse({ ...base, confirmPassword: '' }))).toBe(VALIDATION.allFieldsRequired);
    expect(firstMessage(ProfileInputSchema.safeParse({ ...base, password: 'short', confirmPassword: 'short' }))).toBe(PASSWORD.tooShort);
    expect(firstMessage(ProfileInputSchema.safeParse({ ...base, currentPassword: '' }))).toBe(VALIDATION.allFieldsRequired);
    expect(ProfileInputSchema.safeParse({ ...base, currentPassword: undefined }).error?.issues[0]?.path).toEqual(['currentPassword']);
  });
});

describe('the password length rule (ADR 0017)', () => {
  const add = (password: string) => AddUserInputSchema.safeParse({ name: 'Ann', email: 'a@b.co', password });

  it('counts Unicode code points after NFKC: 12 to 128, spaces and emoji allowed', () => {
    expect(add('a'.repeat(11)).error?.issues.map((i) => i.message)).toEqual([PASSWORD.tooShort]);
    expect(add('a'.repeat(12)).success).toBe(true);
    expect(add('a'.repeat(128)).success).toBe(true);
    expect(add('a'.repeat(129)).error?.issues.map((i) => i.message)).toEqual([PASSWORD.tooLong]);
    // Eleven emoji are 22 UTF-16 units but eleven characters: too short. Twelve are enough.
    expect(firstMessage(add('🔑'.repeat(11)))).toBe(PASSWORD.tooShort);
    expect(add('🔑'.repeat(12)).success).toBe(true);
    expect(add('           x').success).toBe(true);
    // A decomposed é (e + combining accent) is one character once normalised.
    expect(passwordLength('cafe\u0301'.repeat(3))).toBe(12);
    // The ligature ﬁ becomes two letters.
    expect(passwordLength('ﬁ'.repeat(6))).toBe(12);
  });

  it('an empty password is only "all fields are required"', () => {
    expect(add('').error?.issues.map((i) => i.message)).toEqual([VALIDATION.allFieldsRequired]);
  });

  it('normalises to one form whatever the keyboard produced', () => {
    expect(normalizePassword('cafe\u0301 ｐａｓｓ')).toBe(normalizePassword('café pass'));
    expect(normalizePassword('café pass')).toBe('café pass');
  });

  it('sign-in still takes passwords up to 1024 characters, set under the earlier rule', () => {
    expect(LoginInputSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(1024) }).success).toBe(true);
    expect(LoginInputSchema.safeParse({ email: 'a@b.co', password: 'short' }).success).toBe(true);
  });
});
