import { z } from 'zod';
import type { LetterKind } from './case-words.js';
import { APPLICATION_STATUSES, SEXES } from './constants.js';
import { isIsoDate } from './dates.js';
import { pleaseEnterValid } from './ui-texts.js';

const required = (thing: string, max: number) =>
  z
    .string({ error: pleaseEnterValid(thing) })
    .trim()
    .min(1, pleaseEnterValid(thing))
    .max(max, pleaseEnterValid(thing));

/**
 * The three enquiry inputs: search = passport, search1 = nationality, search2 = date of birth. All
 * three are required (docs/product.md#api-status-check). A passport of an impossible shape is not
 * an error: it simply matches nothing, so the answer never says more than "no match".
 */
export const EnquiryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(10).default(10),
  search: required('passport', 40),
  search1: required('nationality', 60),
  search2: required('date of birth', 10).refine(isIsoDate, pleaseEnterValid('date of birth')),
});
export type EnquiryQuery = z.infer<typeof EnquiryQuerySchema>;

export const EnquiryStageSchema = z.object({ key: z.string(), en: z.string(), bn: z.string() });
export type EnquiryStage = z.infer<typeof EnquiryStageSchema>;

/** The letters that ask the applicant to go somewhere in person (APPLICANT_LETTERS): what the status check says waits on them. */
export const WAITING_KINDS = ['biometrics', 'medical', 'passport'] as const satisfies readonly LetterKind[];
export type WaitingKind = (typeof WAITING_KINDS)[number];

export const EnquiryWaitingSchema = z.object({ kind: z.enum(WAITING_KINDS), deadline: z.string() });
export type EnquiryWaiting = z.infer<typeof EnquiryWaitingSchema>;

/**
 * Only what the applicant copy on /view-one shows. Contact details, national ID, visible marks,
 * salary, documents and internal ids are left out: the answer goes to whoever knows three facts
 * about a person, so it carries nothing the copy does not need.
 */
export const EnquiryApplicationSchema = z.object({
  surname: z.string(),
  givenN: z.string(),
  sex: z.enum(SEXES),
  dob: z.string(),
  /** English names, with the codes a page names them by in its own language (ADR 0035). */
  currentN: z.string(),
  currentNCode: z.string().nullable(),
  passport: z.string(),
  issuedCountry: z.string(),
  issuedCountryCode: z.string().nullable(),
  jobTitle: z.string(),
  company: z.string(),
  dutyDuration: z.string(),
  /** Short-lived signed URL of the photo (docs/product.md#api-other). */
  image: z.string().nullable(),
  isStatus: z.enum(APPLICATION_STATUSES),
  /** Visa collection date (YYYY-MM-DD). */
  pending: z.string().nullable(),
  /** Visa approval date (YYYY-MM-DD). */
  approve: z.string().nullable(),
  /** Where the case is (ADR 0077), in the office's words for its stage in both languages. */
  stage: EnquiryStageSchema,
  /**
   * What an open IRCC letter waits on the applicant to do in person, and by when (YYYY-MM-DD);
   * null when nothing does. Only the kind and the deadline: no IRCC number, note or staff name.
   */
  waiting: EnquiryWaitingSchema.nullable(),
});
export type EnquiryApplication = z.infer<typeof EnquiryApplicationSchema>;

/** A miss is `{ applications: [] }`: the same shape whether or not the passport exists. */
export const EnquiryResponseSchema = z.object({ applications: z.array(EnquiryApplicationSchema) });
export type EnquiryResponse = z.infer<typeof EnquiryResponseSchema>;
