import { describe, expect, it } from 'vitest';
import { RecoveryCodeSchema, TotpCodeSchema } from '@visa/shared/second-factor';
import { ForgotPasswordInputSchema, LoginInputSchema, ResetPasswordInputSchema } from '@visa/shared/users';
import { checkForgotPassword, checkLogin, checkRecoveryCode, checkResetPassword, checkTotpCode } from './sign-in-checks';

/** The schema's answer in the checks' shape: the parsed value, or each field's first message. */
function bySchema<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
) {
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

const emails = [
  '',
  '   ',
  'owner@example.com',
  '  Owner@Example.COM ',
  'not an email',
  'a@b',
  'x@y.co',
  `${'a'.repeat(250)}@example.com`,
  'İ@example.com',
];
const passwords = [
  '',
  'x',
  'a'.repeat(11),
  'a'.repeat(12),
  'é'.repeat(12),
  'e\u0301'.repeat(12),
  '😀'.repeat(12),
  'a'.repeat(128),
  'a'.repeat(129),
  'b'.repeat(1025),
];

describe('the sign-in pages check by hand exactly as the shared schemas do (ADR 0050)', () => {
  it('login', () => {
    for (const email of emails)
      for (const password of passwords)
        expect(checkLogin({ email, password })).toEqual(bySchema(LoginInputSchema.safeParse({ email, password })));
  });

  it('forgot password', () => {
    for (const email of emails) expect(checkForgotPassword({ email })).toEqual(bySchema(ForgotPasswordInputSchema.safeParse({ email })));
  });

  it('reset password, the mismatch included', () => {
    for (const token of ['', 'abc', 't'.repeat(200), 't'.repeat(201)])
      for (const password of passwords)
        for (const confirmPassword of ['', password, `${password}x`]) {
          const input = { token, password, confirmPassword };
          expect(checkResetPassword(input)).toEqual(bySchema(ResetPasswordInputSchema.safeParse(input)));
        }
  });

  it('codes from the app and recovery codes', () => {
    const codes = ['', '123456', '123 456', ' 123456 ', '12345', '1234567', 'abcdef', '１２３４５６', `123456${' '.repeat(15)}`];
    const recovery = [
      '',
      'abcd-efgh-jkmn',
      'ABCD EFGH JKMN',
      'abcdefghjkmn',
      'abcd-efgh-jkm',
      'abcd_efgh_jkmn',
      `abcd-efgh-jkmn${'-'.repeat(27)}`,
    ];
    for (const code of [...codes, ...recovery]) {
      const totp = TotpCodeSchema.safeParse(code);
      expect(checkTotpCode(code)).toBe(totp.success ? totp.data : null);
      const rec = RecoveryCodeSchema.safeParse(code);
      expect(checkRecoveryCode(code)).toBe(rec.success ? rec.data : null);
    }
  });
});
