import { z } from 'zod';
import { CaseDateSchema, CaseSchema, StaffRefSchema } from './case-work.js';
import { PASSPORT_HOLDERS, type PassportHolder } from './case-words.js';
import { IdSchema } from './id-schema.js';

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
