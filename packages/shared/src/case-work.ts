import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { IdSchema } from './id-schema.js';
import { type BuiltInStage, LETTER_KINDS, type LetterKind } from './case-words.js';

export * from './case-words.js';

/**
 * The case as IRCC runs it (ADR 0077): the stages an application moves through beside the spec's
 * status, the steps that move it, the letters whose deadlines the office must meet, and every word
 * of it staff read. The status (pending / approved / rejected) keeps its contract: the decision
 * stage is reached only through the status actions. The office's case settings, the work lists,
 * passport custody and the Case panel's words each have a file of their own beside this one.
 */

/** The stage a letter belongs to. */
export const LETTER_STAGE: Record<LetterKind, BuiltInStage> = {
  biometrics: 'biometrics',
  medical: 'medical',
  documents: 'documents',
  fairness: 'documents',
  passport: 'passport',
};
/** Letters that ask the applicant to do something in person: the ones the applicant is reminded of. */
export const APPLICANT_LETTERS: readonly LetterKind[] = ['biometrics', 'medical', 'passport'];

/** Steps staff record; each moves the application to its stage. A letter is entered with its own route. */
export const STEP_KINDS = [
  'submitted',
  'biometrics-appointment',
  'biometrics-given',
  'biometrics-exempt',
  'medical-done',
  'documents-sent',
  'passport-handed',
  'passport-returned',
  'moved',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];
/** Steps that move the passport too: recorded as a handover in the Passport section, never on their own. */
export const HANDOVER_STEPS: readonly StepKind[] = ['passport-handed', 'passport-returned'];
/** Every entry of the timeline: a step, a letter received, or a decision made through the status actions. */
export type TimelineKind = StepKind | 'letter' | 'decision';

export const STEP_STAGE: Record<Exclude<StepKind, 'moved'>, BuiltInStage> = {
  submitted: 'submitted',
  'biometrics-appointment': 'biometrics',
  'biometrics-given': 'biometrics',
  'biometrics-exempt': 'biometrics',
  'medical-done': 'medical',
  'documents-sent': 'documents',
  'passport-handed': 'passport',
  'passport-returned': 'passport',
};

/** The open letters a step closes: the thing the letter asked for is done. */
export const STEP_CLOSES: Partial<Record<StepKind, readonly LetterKind[]>> = {
  'biometrics-given': ['biometrics'],
  'biometrics-exempt': ['biometrics'],
  'medical-done': ['medical'],
  'documents-sent': ['documents', 'fairness'],
  'passport-handed': ['passport'],
};

/** Biometrics stay valid 10 years; a medical exam's results 12 months. */
export const BIOMETRICS_VALID_YEARS = 10;
export const MEDICAL_VALID_MONTHS = 12;

/** IRCC application numbers: one or two letters and nine digits (W123456789, EP123456789). */
const IRCC_NUMBER = /^[A-Z]{1,2}\d{9}$/;
export const normalizeIrccNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

export const CASE_TEXTS = {
  invalidDate: 'Please enter a valid date.',
  dateInFuture: 'This date cannot be in the future.',
  dateTooOld: 'This date is too long ago.',
  irccNumberRequired: 'Please enter the IRCC application number.',
  irccNumberInvalid: 'An IRCC application number is one or two letters and nine digits, for example W123456789.',
  stageRequired: 'Please choose a stage from the list.',
  stageHidden: 'That stage is turned off in the case settings.',
  decisionThroughStatus: 'A decision is recorded with Approve or Reject.',
  deadlineRequired: 'Please enter the deadline the letter gives.',
  deadlineBeforeLetter: 'The deadline cannot be before the letter’s date.',
  reasonRequired: 'Please say why the deadline differs from the rule.',
  ownerUnknown: 'That staff member does not exist.',
  letterNotFound: 'Letter not found.',
  letterClosed: 'This letter is already done.',
  letterNotOpen: 'There is no open letter this step answers.',
  exemptTooOld: 'Biometrics given more than 10 years ago must be given again.',
  erased: 'This application’s personal data has been erased; its case cannot change.',
  nothingToChange: 'Please change the deadline or the owner.',
  passportByHandover: 'A passport handed in or returned is recorded as a handover in the Passport section.',
} as const;

export const STEP_LABELS: Record<TimelineKind, string> = {
  submitted: 'Submitted to IRCC',
  'biometrics-appointment': 'Biometrics appointment booked',
  'biometrics-given': 'Biometrics given',
  'biometrics-exempt': 'Biometrics not needed (given within 10 years)',
  'medical-done': 'Medical exam done',
  'documents-sent': 'Documents sent to IRCC',
  'passport-handed': 'Passport handed in',
  'passport-returned': 'Passport returned',
  moved: 'Moved to another stage',
  letter: 'Letter received',
  decision: 'Decision recorded',
};

/** A calendar date a step or letter happened on: real, and not absurdly far back. */
export const CaseDateSchema = z
  .string({ error: CASE_TEXTS.invalidDate })
  .refine((v) => isIsoDate(v) && v >= '2000-01-01' && v <= '2100-12-31', CASE_TEXTS.invalidDate);

export const TrimmedText = (max: number) => z.string().trim().max(max);

/** A step staff record: `date` is when it happened (an appointment's date may be ahead). */
export const NewStepSchema = z
  .object({
    kind: z.enum(STEP_KINDS, { error: 'Please choose a step from the list.' }),
    date: CaseDateSchema,
    irccNumber: z.string().max(20).transform(normalizeIrccNumber).optional(),
    stage: z.string().max(40).optional(),
    /** The letter a step answers, when more than one is open. */
    letterId: IdSchema.optional(),
    note: TrimmedText(300).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'submitted') {
      if (!v.irccNumber) ctx.addIssue({ code: 'custom', path: ['irccNumber'], message: CASE_TEXTS.irccNumberRequired });
      else if (!IRCC_NUMBER.test(v.irccNumber))
        ctx.addIssue({ code: 'custom', path: ['irccNumber'], message: CASE_TEXTS.irccNumberInvalid });
    }
    if (v.kind === 'moved' && !v.stage) ctx.addIssue({ code: 'custom', path: ['stage'], message: CASE_TEXTS.stageRequired });
  });
export type NewStep = z.infer<typeof NewStepSchema>;

/** A letter entered: its kind and date; a deadline other than the rule's needs a reason. */
export const NewLetterSchema = z.object({
  kind: z.enum(LETTER_KINDS, { error: 'Please choose a letter from the list.' }),
  letterDate: CaseDateSchema,
  deadline: CaseDateSchema.optional(),
  reason: TrimmedText(300).default(''),
  ownerId: IdSchema.optional(),
  note: TrimmedText(300).default(''),
});
export type NewLetter = z.infer<typeof NewLetterSchema>;

/** A letter's deadline moved (with a reason) or its owner changed. */
export const LetterChangeSchema = z.object({
  deadline: CaseDateSchema.optional(),
  reason: TrimmedText(300).default(''),
  ownerId: IdSchema.optional(),
});
export type LetterChange = z.infer<typeof LetterChangeSchema>;

export const LetterParamsSchema = z.object({ id: IdSchema, letterId: IdSchema });

export const StaffRefSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

export const LetterSchema = z.object({
  _id: z.string(),
  kind: z.enum(LETTER_KINDS),
  letterDate: z.string(),
  deadline: z.string(),
  /** The rule's deadline when the letter's differs (an override), else null. */
  ruleDeadline: z.string().nullable(),
  reason: z.string(),
  owner: StaffRefSchema,
  /** When the step that answered it happened; null while open. */
  doneOn: z.string().nullable(),
  createdAt: z.string(),
});
export type Letter = z.infer<typeof LetterSchema>;

export const TimelineEntrySchema = z.object({
  _id: z.string(),
  kind: z.string(),
  stage: z.string(),
  date: z.string(),
  letterId: z.string().nullable(),
  note: z.string(),
  by: StaffRefSchema,
  at: z.string(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const CaseSchema = z.object({
  stage: z.string(),
  irccNumber: z.string().nullable(),
  /** Biometrics given or exempt: valid until this date; medical: results valid until this date. */
  biometricsValidUntil: z.string().nullable(),
  medicalValidUntil: z.string().nullable(),
  stages: z.array(z.object({ key: z.string(), en: z.string(), bn: z.string(), hidden: z.boolean() })),
  letters: z.array(LetterSchema),
  timeline: z.array(TimelineEntrySchema),
});
export type CaseView = z.infer<typeof CaseSchema>;
