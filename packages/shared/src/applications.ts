import { z } from 'zod';
import { APPLICATION_STATUSES, DOCUMENT_LABELS, JOB_TITLES, MAX_PAGE_SIZE, NAME_MAX, NAME_MIN, PAGE_SIZE, SEXES } from './constants.js';
import { isIsoDate } from './dates.js';
import { DEFAULT_VISA_TYPE, VISA_TYPES } from './document-requests.js';
import { VALIDATION, pleaseEnterValid } from './ui-texts.js';
import { APPLICATION_TEXTS } from './application-texts.js';
import { ApplicationSearchSchema } from './application-search.js';
import { toE164 } from './phone.js';
import { NOTIFY_CHANNELS } from './notice-channels.js';

const text = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, message);

const name = (message: string) => z.string({ error: message }).trim().min(NAME_MIN, message).max(NAME_MAX, message);

/** Passports are letters and digits; spaces are dropped so 'ab 123' and 'AB123' are one passport. */
const PASSPORT_PATTERN = /^[A-Z0-9]{5,20}$/;

export const normalizePassport = (value: string) => value.replace(/\s+/g, '').toUpperCase();

const passport = z
  .string({ error: pleaseEnterValid('passport') })
  .transform(normalizePassport)
  .pipe(z.string().regex(PASSPORT_PATTERN, pleaseEnterValid('passport')));

const dateOfBirth = z
  .string({ error: pleaseEnterValid('date of birth') })
  .trim()
  .refine(isIsoDate, pleaseEnterValid('date of birth'))
  .refine((v) => v <= new Date().toISOString().slice(0, 10) && v >= '1900-01-01', pleaseEnterValid('date of birth'));

/**
 * Fields shared by add and edit. Keys are declared in the order of the form's rules
 * (docs/product.md#application-form), so the first issue zod reports is the first rule that
 * fails — the one message the form shows.
 */
const otherFields = {
  email: z.string({ error: VALIDATION.email }).trim().toLowerCase().pipe(z.email(VALIDATION.email).max(254, VALIDATION.email)),
  phone: z
    .string({ error: VALIDATION.phone })
    .transform((typed, ctx) => toE164(typed) ?? (ctx.addIssue({ code: 'custom', message: VALIDATION.phone }), z.NEVER)),
  nationalId: text(pleaseEnterValid('national ID'), 40),
  sex: z.enum(SEXES, pleaseEnterValid('sex')),
  dob: dateOfBirth,
  birthCity: text(pleaseEnterValid('birth city')),
  currentN: text(pleaseEnterValid('current nationality'), 60),
  identification: text(pleaseEnterValid('identification'), 200),
  company: text(pleaseEnterValid('company'), 120),
  dutyDuration: text(pleaseEnterValid('duty duration'), 60),
  jobTitle: z.enum(JOB_TITLES, pleaseEnterValid('job title')),
  salary: text(pleaseEnterValid('salary'), 60),
  passport,
  issuedCountry: text(pleaseEnterValid('issued country'), 60),
};

export const ApplicationInputSchema = z.object({
  surname: name(VALIDATION.surnameLength),
  givenN: name(VALIDATION.givenNameLength),
  ...otherFields,
  visaType: z.enum(VISA_TYPES, pleaseEnterValid('visa type')).default(DEFAULT_VISA_TYPE),
});
export type ApplicationInput = z.infer<typeof ApplicationInputSchema>;
/** What the form holds before parsing: every field a string. */
export type ApplicationFormValues = z.input<typeof ApplicationInputSchema>;

export const ApplicationUpdateSchema = z.object({
  surname: name(VALIDATION.namesLengthEdit),
  givenN: name(VALIDATION.namesLengthEdit),
  ...otherFields,
  /** Left out, the application keeps the visa type it has. */
  visaType: z.enum(VISA_TYPES, pleaseEnterValid('visa type')).optional(),
});
export type ApplicationUpdate = z.infer<typeof ApplicationUpdateSchema>;

export const APPLICATION_FIELDS = Object.keys(ApplicationInputSchema.shape) as (keyof ApplicationInput)[];

export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);
export const DocumentLabelSchema = z.enum(DOCUMENT_LABELS);

export const ApplicationDocumentSchema = z.object({
  _id: z.string(),
  label: DocumentLabelSchema,
  url: z.string(),
  publicId: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type ApplicationDocument = z.infer<typeof ApplicationDocumentSchema>;

export const ApplicationSchema = z.object({
  _id: z.string(),
  surname: z.string(),
  givenN: z.string(),
  email: z.string(),
  phone: z.string(),
  nationalId: z.string(),
  sex: z.enum(SEXES),
  dob: z.string(),
  birthCity: z.string(),
  /** The country's English name, or for an old value no country matched, the text as typed (ADR 0035). */
  currentN: z.string(),
  /** ISO 3166-1 alpha-2 code of `currentN`; null when it names no country of the list. */
  currentNCode: z.string().nullable(),
  identification: z.string(),
  company: z.string(),
  dutyDuration: z.string(),
  jobTitle: z.string(),
  salary: z.string(),
  passport: z.string(),
  /** As `currentN`: the English name, or the text as typed. */
  issuedCountry: z.string(),
  issuedCountryCode: z.string().nullable(),
  /** Short-lived signed URL of the photo (docs/product.md#api-other). */
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  file1: z.array(z.string()),
  file1PublicId: z.array(z.string()),
  documents: z.array(ApplicationDocumentSchema),
  isStatus: ApplicationStatusSchema,
  pending: z.string().nullable(),
  approve: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The channels the applicant agreed to be told on (ADR 0044); answered for one application, not in lists. */
  notify: z.array(z.enum(NOTIFY_CHANNELS)).optional(),
  visaType: z.enum(VISA_TYPES),
  /** Its personal data was erased (ADR 0052): names, contact and passport answer blank, and they cannot be changed. */
  anonymised: z.boolean(),
  /** Where the case stands beside its status (ADR 0077): a stage key of the office's case settings. */
  stage: z.string().optional(),
  /** What the applicant owes in paisa, from the ledger's kept balance (ADR 0086); answered in lists, 0 before any money. */
  balanceMinor: z.number().int().optional(),
});
export type Application = z.infer<typeof ApplicationSchema>;

/**
 * The optional status filter of the list and the export (docs/product.md#api-applications). An
 * empty value (`?status=`) means no filter, as an empty search does.
 */
const StatusFilterSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(APPLICATION_STATUSES, { error: APPLICATION_TEXTS.invalidStatus }).optional(),
);

/** The list's documents filter: a fixed word, never a value of anyone's. Empty means no filter, as for status. */
export const DOCUMENTS_FILTERS = ['waiting'] as const;
export type DocumentsFilter = (typeof DOCUMENTS_FILTERS)[number];
const DocumentsFilterSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(DOCUMENTS_FILTERS, { error: APPLICATION_TEXTS.invalidDocuments }).optional(),
);

/**
 * A stage key as case-work.ts defines them (ADR 0077): IRCC's built-in stages or an office's own
 * `custom-…` slug. Written here, not imported, so every page that lists applications does not also
 * carry the case's schemas; the API's tests hold the two together.
 */
const STAGE_KEY = /^(?:preparing|submitted|biometrics|medical|documents|passport|decision|custom-[a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** The list's stage filter (ADR 0079): a built-in stage or an office's own `custom-…` key. Empty means no filter. */
const StageFilterSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string({ error: APPLICATION_TEXTS.invalidStage })
    .max(40, APPLICATION_TEXTS.invalidStage)
    .regex(STAGE_KEY, APPLICATION_TEXTS.invalidStage)
    .optional(),
);

/** The most days ahead "deadline within" looks (ADR 0079). */
export const DUE_WITHIN_MAX = 365;

/**
 * The list's deadline filter (ADR 0079): applications with an open IRCC letter due within this many
 * days of today in the office's time zone, overdue ones included. Digits only, so '1e2' or ' 7'
 * are refused rather than read as something else. Empty means no filter.
 */
const DueWithinSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string({ error: APPLICATION_TEXTS.invalidDueWithin })
    .regex(/^\d{1,3}$/, APPLICATION_TEXTS.invalidDueWithin)
    .transform(Number)
    .pipe(z.number().max(DUE_WITHIN_MAX, APPLICATION_TEXTS.invalidDueWithin))
    .optional(),
);

export const BALANCE_FILTERS = ['due'] as const;
export type BalanceFilter = (typeof BALANCE_FILTERS)[number];
/** The list's money filter (ADR 0086): `due`, applications whose kept balance is above nothing. Empty means no filter. */
const BalanceFilterSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(BALANCE_FILTERS, { error: APPLICATION_TEXTS.invalidBalance }).optional(),
);

export const ApplicationListQuerySchema = z.object({
  page: z.coerce
    .number({ error: APPLICATION_TEXTS.invalidPage })
    .int(APPLICATION_TEXTS.invalidPage)
    .min(1, APPLICATION_TEXTS.invalidPage)
    .max(1_000_000, APPLICATION_TEXTS.invalidPage)
    .default(1),
  limit: z.coerce
    .number({ error: APPLICATION_TEXTS.invalidLimit })
    .int(APPLICATION_TEXTS.invalidLimit)
    .min(1, APPLICATION_TEXTS.invalidLimit)
    .max(MAX_PAGE_SIZE, APPLICATION_TEXTS.invalidLimit)
    .default(PAGE_SIZE),
  search: ApplicationSearchSchema.default(''),
  status: StatusFilterSchema,
  /** `waiting`: only applications with files an applicant sent that staff have not reviewed yet (ADR 0069). */
  documents: DocumentsFilterSchema,
  /** Only applications at this stage (ADR 0079). */
  stage: StageFilterSchema,
  /** Only applications with an open IRCC letter due within this many days, overdue included (ADR 0079). */
  dueWithin: DueWithinSchema,
  /** `due`: only applications that owe money (ADR 0086). */
  balance: BalanceFilterSchema,
  /**
   * Opaque: the `nextCursor` of the page before (ADR 0028). With it the page is read from that
   * position however deep it is; `page` then only says which page number it is.
   */
  cursor: z
    .string({ error: APPLICATION_TEXTS.invalidCursor })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, APPLICATION_TEXTS.invalidCursor)
    .optional(),
});
export type ApplicationListQuery = z.infer<typeof ApplicationListQuerySchema>;

export const ApplicationPageSchema = z.object({
  applications: z.array(ApplicationSchema),
  totalApplication: z.number(),
  totalPages: z.number(),
  page: z.number(),
  /** True when a search matched more than totalApplication rows and counting stopped there (ADR 0028). */
  totalCapped: z.boolean(),
  /** The cursor of the page after this one; null when this page is not full (ADR 0028). */
  nextCursor: z.string().nullable(),
});
export type ApplicationPage = z.infer<typeof ApplicationPageSchema>;

export const ApplicationExportQuerySchema = z.object({ search: ApplicationSearchSchema.default(''), status: StatusFilterSchema });
export type ApplicationExportQuery = z.infer<typeof ApplicationExportQuerySchema>;

export const ApplicationStatsSchema = z.object({
  total: z.number(),
  byStatus: z.object({ pending: z.number(), approved: z.number(), rejected: z.number() }),
  /** The last 12 calendar months in APP_TIMEZONE, oldest first, 'YYYY-MM'. */
  byMonth: z.array(z.object({ month: z.string(), count: z.number() })),
  /** Every job title of docs/product.md#data in that order, zeros included. */
  byJobTitle: z.array(z.object({ jobTitle: z.enum(JOB_TITLES), count: z.number() })),
});
export type ApplicationStats = z.infer<typeof ApplicationStatsSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

export const StatusActionInputSchema = z
  .object({ date: z.string().refine(isIsoDate, 'Please enter a valid date.').optional() })
  .default({});

/** The first given name only: what a greeting to the applicant uses (an email, the documents page), never to identify them. */
export const firstNameOf = (givenName: string) => givenName.trim().split(/\s+/)[0] ?? '';
