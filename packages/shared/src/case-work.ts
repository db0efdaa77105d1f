import { z } from 'zod';
import { addDays, isIsoDate } from './dates.js';
import { IdSchema } from './ids.js';
import {
  BUILT_IN_STAGES,
  type BuiltInStage,
  LETTER_KINDS,
  type LetterKind,
  PASSPORT_HOLDERS,
  type PassportHolder,
  STAGE_LABELS,
} from './case-words.js';

export * from './case-words.js';

/**
 * The case as IRCC runs it (ADR 0077): the stages an application moves through beside the spec's
 * status, the steps that move it, the letters whose deadlines the office must meet, and every word
 * of it staff read. The status (pending / approved / rejected) keeps its contract: the decision
 * stage is reached only through the status actions.
 */

/** An office's own stage: `custom-` and a short slug. */
const CUSTOM_STAGE = /^custom-[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const StageKeySchema = z
  .string()
  .max(40)
  .refine((v) => (BUILT_IN_STAGES as readonly string[]).includes(v) || CUSTOM_STAGE.test(v), 'Please choose a stage from the list.');
export type StageKey = string;

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
const CaseDateSchema = z
  .string({ error: CASE_TEXTS.invalidDate })
  .refine((v) => isIsoDate(v) && v >= '2000-01-01' && v <= '2100-12-31', CASE_TEXTS.invalidDate);

const TrimmedText = (max: number) => z.string().trim().max(max);

/** Default rule: days a letter gives, by kind; null means the letter names its own deadline. */
export const DEFAULT_LETTER_DAYS: Record<LetterKind, number | null> = {
  biometrics: 30,
  medical: 30,
  documents: null,
  fairness: null,
  passport: 30,
};
export const DEFAULT_REMINDER_DAYS = [21, 7, 2];
export const DEFAULT_DIGEST_HOUR = '08:00';

const StageSettingSchema = z.object({
  key: StageKeySchema,
  en: TrimmedText(60).min(1),
  bn: TrimmedText(60).min(1),
  hidden: z.boolean().default(false),
});
export type StageSetting = z.infer<typeof StageSettingSchema>;

export const DEFAULT_STAGES: StageSetting[] = BUILT_IN_STAGES.map((key) => ({ key, ...STAGE_LABELS[key], hidden: false }));

const LetterDaysSchema = z.number().int().min(1).max(365).nullable();

/** The office's case settings: its stages in order, the days each letter gives, reminders and the digest hour. */
export const CaseSettingsSchema = z
  .object({
    stages: z.array(StageSettingSchema).min(1).max(30),
    letterDays: z.object({
      biometrics: LetterDaysSchema,
      medical: LetterDaysSchema,
      documents: LetterDaysSchema,
      fairness: LetterDaysSchema,
      passport: LetterDaysSchema,
    }),
    /** Days before a deadline the applicant is reminded, e.g. [21, 7, 2]. */
    reminderDays: z.array(z.number().int().min(0).max(90)).max(6),
    /** Local time (APP_TIMEZONE) each staff member's digest is sent. */
    digestHour: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a time as HH:MM.'),
  })
  .refine((s) => new Set(s.stages.map((stage) => stage.key)).size === s.stages.length, {
    message: 'Each stage may appear once.',
    path: ['stages'],
  })
  .refine((s) => BUILT_IN_STAGES.every((key) => s.stages.some((stage) => stage.key === key)), {
    message: 'IRCC’s stages may be hidden but not removed.',
    path: ['stages'],
  })
  .refine((s) => s.stages.some((stage) => stage.key === 'decision' && !stage.hidden), {
    message: 'The decision stage cannot be hidden.',
    path: ['stages'],
  });
export type CaseSettings = z.infer<typeof CaseSettingsSchema>;

export const DEFAULT_CASE_SETTINGS: CaseSettings = {
  stages: DEFAULT_STAGES,
  letterDays: { ...DEFAULT_LETTER_DAYS },
  reminderDays: [...DEFAULT_REMINDER_DAYS],
  digestHour: DEFAULT_DIGEST_HOUR,
};

/** A letter's deadline by the office's rule; null when the rule leaves it to the letter. */
export const ruleDeadline = (kind: LetterKind, letterDate: string, settings: Pick<CaseSettings, 'letterDays'>): string | null => {
  const days = settings.letterDays[kind];
  return days === null ? null : addDays(letterDate, days);
};

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

const StaffRefSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

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

/** One open letter on a work list: what is due, for whom, by when, and who owns it. */
export const WorkItemSchema = z.object({
  letterId: z.string(),
  applicationId: z.string(),
  /** The applicant's given name and surname, for staff only. */
  givenName: z.string(),
  surname: z.string(),
  kind: z.enum(LETTER_KINDS),
  deadline: z.string(),
  owner: StaffRefSchema,
  stage: z.string(),
});
export type WorkItem = z.infer<typeof WorkItemSchema>;

/** Whose work: the signed-in member's letters, or everyone's (super-admins). */
export const WorkQuerySchema = z.object({
  who: z.enum(['me', 'everyone'], { error: 'Please choose whose work to show: me or everyone.' }).default('me'),
});

export const WorkListSchema = z.object({
  /** Today in the office's time zone, the day the lists are cut by. */
  today: z.string(),
  overdue: z.array(WorkItemSchema),
  dueToday: z.array(WorkItemSchema),
  dueThisWeek: z.array(WorkItemSchema),
  /** More letters are due than a list shows. */
  capped: z.boolean(),
});
export type WorkList = z.infer<typeof WorkListSchema>;

export const WORK_TEXTS = {
  everyoneIsOwners: 'Only a super-admin can see everyone’s work.',
} as const;

/**
 * Passport custody (ADR 0082): where the applicant's passport is — with the applicant until it is
 * handed in, at the office, at VFS (the visa application centre), or returned — and each handover.
 */
/** The two ends of a handover; the applicant's end covers "never handed in" and "returned". */
export const PASSPORT_PLACES = ['applicant', 'office', 'vfs'] as const;
export type PassportPlace = (typeof PASSPORT_PLACES)[number];
/** The moves a passport can make; anything else cannot happen with a physical document. */
export const PASSPORT_MOVES: readonly (readonly [PassportPlace, PassportPlace])[] = [
  ['applicant', 'office'],
  ['office', 'vfs'],
  ['vfs', 'office'],
  ['office', 'applicant'],
  ['vfs', 'applicant'],
];
/** The holder a passport has once it reached a place. */
export const holderAfter = (to: PassportPlace): PassportHolder => (to === 'applicant' ? 'returned' : to);
/** Whether a passport with this holder is at this place. */
export const holderIsAt = (holder: PassportHolder, place: PassportPlace): boolean =>
  place === 'applicant' ? holder === 'applicant' || holder === 'returned' : holder === place;

export const PASSPORT_PLACE_LABELS: Record<PassportPlace, string> = { applicant: 'The applicant', office: 'The office', vfs: 'VFS' };

export const CUSTODY_TEXTS = {
  moveImpossible: 'A passport cannot go that way: from the applicant to the office, between the office and VFS, or back to the applicant.',
  notThere: (from: PassportPlace) =>
    from === 'applicant'
      ? 'The passport is not with the applicant.'
      : from === 'office'
        ? 'The passport is not at the office.'
        : 'The passport is not at VFS.',
  beforeLast: 'This date is before the passport’s last handover.',
  counterpartTooLong: 'Please keep who took or gave the passport to 120 characters.',
  noteTooLong: 'Please keep the note to 300 characters.',
  consentWithdrawn: 'This applicant withdrew consent: their passport can only be recorded coming back to them.',
  handoverNotFound: 'Handover not found.',
  placeRequired: 'Please choose where the passport went from and to.',
} as const;

export const NewHandoverSchema = z
  .object({
    from: z.enum(PASSPORT_PLACES, { error: CUSTODY_TEXTS.placeRequired }),
    to: z.enum(PASSPORT_PLACES, { error: CUSTODY_TEXTS.placeRequired }),
    date: CaseDateSchema,
    /** Who took or gave the passport: "VFS Dhaka, counter 3", a relative's name. */
    counterpart: z.string().trim().max(120, CUSTODY_TEXTS.counterpartTooLong).default(''),
    note: z.string().trim().max(300, CUSTODY_TEXTS.noteTooLong).default(''),
  })
  .refine((v) => PASSPORT_MOVES.some(([from, to]) => from === v.from && to === v.to), {
    message: CUSTODY_TEXTS.moveImpossible,
    path: ['to'],
  });
export type NewHandover = z.infer<typeof NewHandoverSchema>;

export const HandoverSchema = z.object({
  _id: z.string(),
  from: z.enum(PASSPORT_PLACES),
  to: z.enum(PASSPORT_PLACES),
  date: z.string(),
  counterpart: z.string(),
  note: z.string(),
  by: StaffRefSchema,
  at: z.string(),
});
export type Handover = z.infer<typeof HandoverSchema>;

export const PassportCustodySchema = z.object({ holder: z.enum(PASSPORT_HOLDERS), handovers: z.array(HandoverSchema) });
export type PassportCustody = z.infer<typeof PassportCustodySchema>;

/** The case as GET /api/application/case/:id answers it: with where the passport is. */
export const CaseWithPassportSchema = CaseSchema.extend({ passport: PassportCustodySchema });
export type CaseWithPassport = z.infer<typeof CaseWithPassportSchema>;

export const HandoverParamsSchema = z.object({ id: IdSchema, handoverId: IdSchema });

/** A passport the office holds now, at the office or at VFS, since its last handover. */
export const HeldPassportSchema = z.object({
  applicationId: z.string(),
  givenName: z.string(),
  surname: z.string(),
  holder: z.enum(['office', 'vfs']),
  since: z.string(),
  counterpart: z.string(),
  by: StaffRefSchema,
});
export type HeldPassport = z.infer<typeof HeldPassportSchema>;

/** How many held passports the list shows at most, longest held first; `total` counts all. */
export const HELD_PASSPORTS_MAX = 500;

export const HeldPassportListSchema = z.object({ passports: z.array(HeldPassportSchema), total: z.number().int(), capped: z.boolean() });
export type HeldPassportList = z.infer<typeof HeldPassportListSchema>;

/** The words of the printed handover slip (ADR 0082). */
export const SLIP_TEXTS = {
  title: 'Passport handover slip',
  applicant: 'Applicant',
  reference: 'Application reference',
  passport: 'Passport number',
  from: 'From',
  to: 'To',
  date: 'Date of handover',
  counterpart: 'Handed to or received from',
  note: 'Note',
  recordedBy: 'Recorded by',
  handedBy: 'Handed over by',
  receivedBy: 'Received by',
  signature: 'Signature',
  name: 'Name',
  signedOn: 'Date',
  footer: 'Keep this slip: it is the receipt of the passport named above.',
  fileName: (date: string) => `passport-handover-${date}.pdf`,
} as const;

/** What staff read on the applicant file's Case panel and in Settings → Case. */
export const CASE_UI_TEXTS = {
  title: 'Case',
  loadError: 'The case could not be loaded.',
  stage: 'Stage',
  irccNumber: 'IRCC number',
  none: 'Not yet',
  biometricsValid: 'Biometrics valid until',
  medicalValid: 'Medical results valid until',
  letters: 'Letters from IRCC',
  noLetters: 'No letters entered yet.',
  timeline: 'Timeline',
  noTimeline: 'Nothing recorded yet.',
  letterDated: (date: string) => `Dated ${date}`,
  deadline: (date: string) => `Deadline ${date}`,
  overridden: (rule: string, reason: string) => `Rule said ${rule} — moved because ${reason}`,
  owner: (name: string | null) => (name === null ? 'No owner' : `Owner: ${name}`),
  doneOn: (date: string) => `Done on ${date}`,
  daysLeft: (days: number) =>
    days === 0
      ? 'Due today'
      : days === 1
        ? 'Due tomorrow'
        : days > 1
          ? `${days} days left`
          : `Overdue by ${-days} ${days === -1 ? 'day' : 'days'}`,
  recorded: (who: string, when: string) => `Recorded by ${who} on ${when}`,
  someoneRemoved: 'a removed account',
  stepForm: 'Record a step',
  stepKind: 'Step',
  stepDate: 'Date',
  irccNumberHint: 'One or two letters and nine digits, for example W123456789.',
  moveTo: 'Move to stage',
  whichLetter: 'Which letter this answers',
  everyOpenLetter: 'Every open letter of this kind',
  note: 'Note (optional)',
  recordStep: 'Record step',
  stepRecorded: 'Step recorded.',
  letterForm: 'Enter a letter',
  letterKind: 'Kind of letter',
  letterDate: 'Letter date',
  letterDeadline: 'Deadline',
  ruleDeadline: (date: string) => `The office's rule gives ${date}.`,
  noRule: 'This letter names its own deadline: enter it.',
  reason: 'Why the deadline differs',
  letterOwner: 'Owner',
  you: 'You',
  enterLetter: 'Enter letter',
  letterEntered: 'Letter entered.',
  change: 'Change',
  changeLetter: (kind: string) => `Change ${kind}`,
  newDeadline: 'Deadline',
  saveChange: 'Save change',
  cancel: 'Cancel',
  letterChanged: 'Letter changed.',
  failed: 'Something went wrong. Please try again.',
  choose: 'Choose…',
  settingsIntro:
    "The stages an application moves through, in the office's order. IRCC's stages can be renamed or hidden but not removed; the decision stage is always shown.",
  stagesLegend: 'Stages',
  stageEn: (n: number) => `Stage ${n} name (English)`,
  stageBn: (n: number) => `Stage ${n} name (Bangla)`,
  stageHiddenLabel: (name: string) => `Hide ${name}`,
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  removeStage: (name: string) => `Remove ${name}`,
  newStageEn: 'New stage (English)',
  newStageBn: 'New stage (Bangla)',
  addStage: 'Add stage',
  newStageNameNeeded: 'Please give the new stage an English name with letters or digits.',
  newStageExists: 'A stage with this name is already in the list.',
  letterDaysLegend: 'Days each letter gives',
  letterDaysHint: 'Empty: the letter names its own deadline.',
  reminderDays: 'Reminder days before a deadline',
  reminderDaysHint: 'Numbers separated by commas, for example 21, 7, 2.',
  reminderDaysInvalid: 'Please write whole numbers of days separated by commas.',
  digestHour: 'Daily digest time (HH:MM)',
  saveSettings: 'Save case settings',
  settingsSaved: 'Case settings saved.',
  settingsLoadError: 'The case settings could not be loaded.',
} as const;

/** An office stage's key from its English name: `custom-` and a slug; null when the name has no letters or digits. */
export function customStageKey(name: string): string | null {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return slug ? `custom-${slug}` : null;
}
