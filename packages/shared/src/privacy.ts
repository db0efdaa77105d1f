import { z } from 'zod';

/**
 * The privacy notice and the applicant's consent (ADR 0053): the office publishes numbered
 * versions of the notice in Settings; adding an application may record that the applicant agreed
 * to one of them; staff may record that the applicant withdrew that consent.
 */

/** The add form's field: the notice version the applicant agreed to, as the form showed it. */
export const CONSENT_FIELD = 'privacyConsent';

/** A notice in one language can be long, but not a book: what one page reads comfortably. */
export const NOTICE_MAX = 20_000;

export const PRIVACY_TEXTS = {
  consentRequired: 'The applicant must agree to the privacy notice before the application is added.',
  consentVersionChanged: (current: number) =>
    `The privacy notice has changed since this form was opened: ask the applicant to read version ${current}, then tick the box again.`,
  consentVersionInvalid: 'The privacy notice version is not valid.',
  consentLabel: (version: number) => `The applicant has read privacy notice version ${version} and agrees.`,
  publishFirst: 'Publish a privacy notice before requiring consent at intake.',
  bodyRequired: (language: string) => `The privacy notice in ${language} is required.`,
  bodyTooLong: (language: string) => `The privacy notice in ${language} can be at most ${NOTICE_MAX} characters long.`,
  published: (version: number) => `Privacy notice version ${version} published.`,
  publishCollision: 'Someone else published a version at the same moment. Reload the page and publish again.',
  consentSettingSaved: 'Consent setting saved.',
  alreadyWithdrawn: 'Consent has already been withdrawn for this application.',
  withdrawn: 'Consent withdrawn: no more messages will be sent to this applicant.',
  downloadError: "Could not prepare the applicant's data. Please try again.",
} as const;

/** The file's history sentences of the privacy events (ADR 0053). */
export const PRIVACY_HISTORY = {
  consentRecorded: (version: string) => `The applicant agreed to privacy notice version ${version}`,
  consentWithdrawn: (emails: number, texts: number) =>
    `The applicant withdrew consent; messages stopped${emails + texts > 0 ? ` (${emails} queued email${emails === 1 ? '' : 's'} and ${texts} text message${texts === 1 ? '' : 's'} cancelled)` : ''}`,
  dataDownloaded: "The applicant's data was downloaded",
} as const;

const body = (language: string) =>
  z
    .string({ error: PRIVACY_TEXTS.bodyRequired(language) })
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, PRIVACY_TEXTS.bodyRequired(language)).max(NOTICE_MAX, PRIVACY_TEXTS.bodyTooLong(language)));

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

export const ConsentSettingSchema = z.object({ required: z.boolean() });

/** An application's consent as the file shows it; every field null for one added without it (or imported). */
export const ConsentSchema = z.object({
  version: z.number().int().nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});
export type Consent = z.infer<typeof ConsentSchema>;
