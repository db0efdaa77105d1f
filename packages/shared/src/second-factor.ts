import { z } from 'zod';
import { BRAND_NAME } from './constants.js';
import { SECOND_FACTOR, VALIDATION } from './ui-texts.js';
import { LoginResponseSchema } from './users.js';

/**
 * Two-step sign-in for staff (ADR 0019, docs/product.md#sign-in-and-accounts): time-based codes
 * (RFC 6238) with the parameters every authenticator app assumes, and single-use recovery codes.
 */
export const TOTP = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, issuer: BRAND_NAME.en } as const;
export const RECOVERY_CODE_COUNT = 10;
/** How long the answer to a correct password lets the person enter a code. */
export const CHALLENGE_MINUTES = 5;

/** People type codes with spaces ("123 456"), as the apps show them; those go before checking. */
export const TotpCodeSchema = z
  .string({ error: SECOND_FACTOR.codeFormat })
  .max(20, SECOND_FACTOR.codeFormat)
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, SECOND_FACTOR.codeFormat));

/** Recovery codes are shown as abcd-efgh-jkmn; dashes, spaces and capitals are forgiven. */
export const RecoveryCodeSchema = z
  .string({ error: SECOND_FACTOR.recoveryCodeFormat })
  .max(40, SECOND_FACTOR.recoveryCodeFormat)
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{12}$/, SECOND_FACTOR.recoveryCodeFormat));

const challenge = z
  .string({ error: SECOND_FACTOR.challengeEnded })
  .min(1, SECOND_FACTOR.challengeEnded)
  .max(200, SECOND_FACTOR.challengeEnded);

/** What a correct password answers when a second step is still due: enter a code, or set the app up first. */
export const SecondFactorChallengeSchema = z.object({
  secondFactor: z.enum(['totp', 'enrol']),
  challenge: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeSchema>;

/** POST /api/users/login: signed in at once, or a second step to take. */
export const LoginAnswerSchema = z.union([LoginResponseSchema, SecondFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** The second step: a code from the app, or one recovery code, never both. */
export const SecondFactorLoginInputSchema = z
  .object({ challenge, code: TotpCodeSchema.optional(), recoveryCode: RecoveryCodeSchema.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), { message: SECOND_FACTOR.codeFormat, path: ['code'] });
export type SecondFactorLoginInput = z.input<typeof SecondFactorLoginInputSchema>;

/** Signed in after the second step; when the step was setting the app up, the recovery codes, shown once. */
export const SecondFactorLoginResponseSchema = LoginResponseSchema.extend({ recoveryCodes: z.array(z.string()).optional() });
export type SecondFactorLoginResponse = z.infer<typeof SecondFactorLoginResponseSchema>;

export const ChallengeInputSchema = z.object({ challenge });

/** A new secret to put in the app: as a QR code (an SVG data URL), as text, and as the otpauth:// URI both carry. */
export const SecondFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() });
export type SecondFactorSetup = z.infer<typeof SecondFactorSetupSchema>;

const password = z
  .string({ error: VALIDATION.allFieldsRequired })
  .min(1, VALIDATION.allFieldsRequired)
  .max(1024, SECOND_FACTOR.wrongPassword);

/** Setting up anew while a device is already in use replaces it, so it takes the password. */
export const SecondFactorSetupInputSchema = z.object({ password: password.optional() });
export type SecondFactorSetupInput = z.infer<typeof SecondFactorSetupInputSchema>;

/** Turning it on with the first code from the pending secret, and the current password (ADR 0039). */
export const SecondFactorEnableInputSchema = z.object({ code: TotpCodeSchema, currentPassword: password });
export type SecondFactorEnableInput = z.input<typeof SecondFactorEnableInputSchema>;

/** Turning it off or replacing the recovery codes: the password and a current code. */
export const SecondFactorConfirmInputSchema = z.object({ password, code: TotpCodeSchema });
export type SecondFactorConfirmInput = z.input<typeof SecondFactorConfirmInputSchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const SecondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The owner requires it for every staff account: it cannot be turned off. */
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** The owner's security settings (super-admins). */
export const SecuritySettingsSchema = z.object({ requireSecondFactor: z.boolean({ error: VALIDATION.allFieldsRequired }) });
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;
