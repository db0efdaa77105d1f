import type { Generated, Selectable } from 'kysely';

/** Case work: IRCC's letters, the timeline, reminders, passport custody and staff deadlines (ADR 0077, ADR 0080 to 0082). */

/** A letter from IRCC with its deadline (ADR 0077). */
export interface CaseLettersTable {
  id: string;
  application_id: string;
  kind: 'biometrics' | 'medical' | 'documents' | 'fairness' | 'passport';
  letter_date: string;
  deadline: string;
  /** What the office's rule gave, kept when an override moved the deadline; null otherwise. */
  rule_deadline: string | null;
  reason: Generated<string>;
  owner_id: string | null;
  /** When the step that answered the letter happened; null while it is open. */
  done_on: string | null;
  created_by: string | null;
  created_at: string;
}

/** One entry of an application's case timeline (ADR 0077). */
export interface CaseStepsTable {
  id: string;
  application_id: string;
  kind: string;
  stage: string;
  occurred_on: string;
  letter_id: string | null;
  note: Generated<string>;
  recorded_by: string | null;
  recorded_at: string;
}

/** A reminder of a letter's deadline, once per letter and number of days before it (ADR 0080). */
export interface CaseRemindersTable {
  id: string;
  letter_id: string;
  application_id: string;
  days_before: number;
  /** When it falls due: its day at the reminder hour in the office's zone, or when it was planned if that was later the same day. */
  due_at: string;
  /** waiting; passed (its moment had gone when planned); cancelled (letter done, offset dropped); queued (told); withheld (nobody to tell). */
  state: 'waiting' | 'passed' | 'cancelled' | 'queued' | 'withheld';
  handled_at: string | null;
}

/** One handover of an applicant's passport (ADR 0082). */
export interface PassportHandoversTable {
  id: string;
  application_id: string;
  from_place: 'applicant' | 'office' | 'vfs';
  to_place: 'applicant' | 'office' | 'vfs';
  occurred_on: string;
  counterpart: string;
  note: string;
  recorded_by: string | null;
  recorded_at: string;
}

/** The day a staff member's digest was queued (ADR 0081): one row per member and office date. */
export interface StaffDigestsTable {
  user_id: string;
  day: string;
  queued_at: string;
}

/** A staff member's calendar feed (ADR 0081): only the SHA-256 hash of its token. */
export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  created_at: string;
}

export type CaseLetterRow = Selectable<CaseLettersTable>;
export type CaseStepRow = Selectable<CaseStepsTable>;
export type CaseReminderRow = Selectable<CaseRemindersTable>;
export type PassportHandoverRow = Selectable<PassportHandoversTable>;
