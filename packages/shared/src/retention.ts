import { z } from 'zod';

/**
 * Retention and erasure of applicants' personal data (ADR 0052): how long the office keeps a
 * finished or forgotten application before its personal data is erased, what the next run would
 * erase, and erasing one applicant at once ("Erase now"). Every text of the feature is here.
 */

const MONTHS_MAX = 1200;
const WITHDRAWN_DAYS_MAX = 365;

/** Months after which each kind of application is erased; null: kept (the default). */
const months = z
  .number({ error: `Please enter a whole number of months from 1 to ${MONTHS_MAX}, or turn the rule off.` })
  .int(`Please enter a whole number of months from 1 to ${MONTHS_MAX}, or turn the rule off.`)
  .min(1, `Please enter a whole number of months from 1 to ${MONTHS_MAX}, or turn the rule off.`)
  .max(MONTHS_MAX, `Please enter a whole number of months from 1 to ${MONTHS_MAX}, or turn the rule off.`)
  .nullable();

export const RetentionSettingsSchema = z.object({
  /** Refused: months after the decision. */
  rejectedMonths: months,
  /** Approved: months after the visa collect date. */
  approvedMonths: months,
  /** Pending and untouched: months since the last change. */
  pendingMonths: months,
  /** Days between a withdrawn consent and the erasure; always on. */
  withdrawnDays: z
    .number({ error: `Please enter a whole number of days from 0 to ${WITHDRAWN_DAYS_MAX}.` })
    .int(`Please enter a whole number of days from 0 to ${WITHDRAWN_DAYS_MAX}.`)
    .min(0, `Please enter a whole number of days from 0 to ${WITHDRAWN_DAYS_MAX}.`)
    .max(WITHDRAWN_DAYS_MAX, `Please enter a whole number of days from 0 to ${WITHDRAWN_DAYS_MAX}.`),
});
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

/** Every rule off but the withdrawn consent's, which the law asks for. */
export const DEFAULT_RETENTION: RetentionSettings = { rejectedMonths: null, approvedMonths: null, pendingMonths: null, withdrawnDays: 30 };

/** What the Settings page suggests for each rule when the office turns it on. */
export const RECOMMENDED_RETENTION = { rejectedMonths: 24, approvedMonths: 24, pendingMonths: 36 } as const;

/** Why an application is due: the rule whose window has passed. */
export const EXPIRY_RULES = ['rejected', 'approved', 'pending', 'withdrawn'] as const;
export type ExpiryRule = (typeof EXPIRY_RULES)[number];

export const ExpiredApplicationSchema = z.object({
  _id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rule: z.enum(EXPIRY_RULES),
  /** The day (YYYY-MM-DD, UTC) its window ended. */
  expiredOn: z.string(),
});
export type ExpiredApplication = z.infer<typeof ExpiredApplicationSchema>;

/**
 * How many of the due applications the Settings preview lists, earliest expiry first; its counts
 * are of all of them. A first run over years of records can be due for tens of thousands.
 */
export const RETENTION_PREVIEW_SHOWN = 200;

export const RetentionPreviewSchema = z.object({
  applications: z.array(ExpiredApplicationSchema),
  counts: z.object({ rejected: z.number(), approved: z.number(), pending: z.number(), withdrawn: z.number(), total: z.number() }),
});
export type RetentionPreview = z.infer<typeof RetentionPreviewSchema>;

const REASON_MAX = 500;

export const ERASURE_TEXTS = {
  reasonRequired: 'Please say why this applicant is erased.',
  reasonTooLong: `The reason is at most ${REASON_MAX} characters.`,
  confirmationWrong: "Please type the applicant's passport number exactly as shown to confirm.",
  alreadyErased: "This applicant's personal data has already been erased.",
  erased: "The applicant's personal data was erased.",
  saved: 'Retention settings saved.',
  /** The applicant copy of an erased application. */
  noLongerHeld: 'This record is no longer held: its personal data was erased.',
} as const;

/**
 * Erasing one applicant: why, and the passport number typed again. Sent in the body of a POST,
 * never in a URL.
 */
export const EraseApplicationSchema = z.object({
  reason: z
    .string({ error: ERASURE_TEXTS.reasonRequired })
    .trim()
    .min(1, ERASURE_TEXTS.reasonRequired)
    .max(REASON_MAX, ERASURE_TEXTS.reasonTooLong),
  confirmation: z.string({ error: ERASURE_TEXTS.confirmationWrong }).max(100, ERASURE_TEXTS.confirmationWrong),
});
export type EraseApplicationInput = z.infer<typeof EraseApplicationSchema>;
