import { z } from 'zod';
// The words and the form's field live apart, so the add form loads them without zod.
import { PRIVACY_NOTICE_MAX, PRIVACY_TEXTS } from './privacy-texts.js';

/**
 * The privacy notice and the applicant's consent (ADR 0053): the office publishes numbered
 * versions of the notice in Settings; adding an application may record that the applicant agreed
 * to one of them; staff may record that the applicant withdrew that consent.
 */

const body = (language: string) =>
  z
    .string({ error: PRIVACY_TEXTS.bodyRequired(language) })
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, PRIVACY_TEXTS.bodyRequired(language)).max(PRIVACY_NOTICE_MAX, PRIVACY_TEXTS.bodyTooLong(language)));

/** What the office writes: plain text, paragraphs separated by a blank line, in both languages. */
export const PrivacyNoticeInputSchema = z.object({ bodyEn: body('English'), bodyBn: body('Bengali') });
export type PrivacyNoticeInput = z.infer<typeof PrivacyNoticeInputSchema>;

export const PrivacyNoticeSchema = z.object({
  version: z.number().int().positive(),
  bodyEn: z.string(),
  bodyBn: z.string(),
  publishedAt: z.string(),
  /** The name of the member of staff who published it; null once that account is gone. */
  publishedBy: z.string().nullable(),
});
export type PrivacyNotice = z.infer<typeof PrivacyNoticeSchema>;

/** What Settings and the add form read: the notice in force (null until one is published), the default text, the setting. */
export const PrivacyOverviewSchema = z.object({
  current: PrivacyNoticeSchema.nullable(),
  defaults: z.object({ bodyEn: z.string(), bodyBn: z.string() }),
  consentRequired: z.boolean(),
});
export type PrivacyOverview = z.infer<typeof PrivacyOverviewSchema>;

export const PrivacyNoticeListSchema = z.object({ notices: z.array(PrivacyNoticeSchema) });

export const PrivacyConsentSettingSchema = z.object({ required: z.boolean() });

/** Withdrawing consent says so in its body: a request without it (or with anything else) changes nothing. */
export const WithdrawPrivacyConsentSchema = z.object({ confirm: z.literal(true, PRIVACY_TEXTS.confirmWithdrawal) });

/** An application's consent as the file shows it; every field null for one added without it (or imported). */
export const PrivacyConsentSchema = z.object({
  version: z.number().int().nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});
export type PrivacyConsent = z.infer<typeof PrivacyConsentSchema>;
