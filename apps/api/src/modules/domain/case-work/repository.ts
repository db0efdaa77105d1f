import type { LetterKind } from '@visa/shared/case-work';
import { WAITING_KINDS } from '@visa/shared/enquiry';
import { type QueryParam, compiledQuery } from '../../../db/compiled-query.js';
import type { Db } from '../../../db/connection.js';
import { withStaffNames } from '../staff-accounts/repository.js';
import type { CaseLetterRow, CaseStepRow } from '../../../db/schema-case-work.js';

/** Every statement on case_letters, case_steps and an application's stage and IRCC number (ADR 0077). */

export type { CaseLetterRow, CaseStepRow };

export interface CaseHead {
  status: 'pending' | 'approved' | 'rejected';
  stage: string;
  irccNumber: string | null;
  erased: boolean;
}

export async function findCaseHead(db: Db, applicationId: string): Promise<CaseHead | undefined> {
  const row = await db
    .selectFrom('applications')
    .select(['status', 'stage', 'ircc_number', 'anonymised_at'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  return row && { status: row.status, stage: row.stage, irccNumber: row.ircc_number, erased: row.anonymised_at !== null };
}

/** Moves the application to a stage (and records its IRCC number when given); false when it is gone or erased. */
export async function setStage(db: Db, applicationId: string, stage: string, irccNumber?: string): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ stage, ...(irccNumber === undefined ? {} : { ircc_number: irccNumber }) })
    .where('id', '=', applicationId)
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function staffExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function listLetters(db: Db, applicationId: string): Promise<(CaseLetterRow & { owner_name: string | null })[]> {
  const rows = await db
    .selectFrom('case_letters')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return withStaffNames(db, rows, (r) => r.owner_id, 'owner_name');
}

export async function listSteps(db: Db, applicationId: string): Promise<(CaseStepRow & { by_name: string | null })[]> {
  const rows = await db
    .selectFrom('case_steps')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
  return withStaffNames(db, rows, (r) => r.recorded_by, 'by_name');
}

export async function findLetter(db: Db, applicationId: string, letterId: string): Promise<CaseLetterRow | undefined> {
  return db
    .selectFrom('case_letters')
    .selectAll()
    .where('id', '=', letterId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
}

export async function openLetters(db: Db, applicationId: string, kinds: readonly LetterKind[]): Promise<CaseLetterRow[]> {
  return db
    .selectFrom('case_letters')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('kind', 'in', [...kinds])
    .where('done_on', 'is', null)
    .orderBy('deadline')
    .execute();
}

export async function insertLetter(db: Db, row: Omit<CaseLetterRow, 'reason'> & { reason: string }): Promise<void> {
  await db.insertInto('case_letters').values(row).execute();
}

/** Changes an open letter's deadline or owner; false when it was answered (or removed) meanwhile. */
export async function updateOpenLetter(
  db: Db,
  letterId: string,
  patch: Partial<Pick<CaseLetterRow, 'deadline' | 'rule_deadline' | 'reason' | 'owner_id'>>,
): Promise<boolean> {
  const result = await db.updateTable('case_letters').set(patch).where('id', '=', letterId).where('done_on', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks letters answered by a step done on `date`. */
export async function closeLetters(db: Db, letterIds: string[], date: string): Promise<void> {
  if (letterIds.length === 0) return;
  await db.updateTable('case_letters').set({ done_on: date }).where('id', 'in', letterIds).where('done_on', 'is', null).execute();
}

export async function insertStep(db: Db, row: Omit<CaseStepRow, 'note'> & { note: string }): Promise<void> {
  await db.insertInto('case_steps').values(row).execute();
}

/** The stage the application was at before its latest decision: where it goes back to when the status returns to pending. */
export async function stageBeforeDecision(db: Db, applicationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('case_steps')
    .select('stage')
    .where('application_id', '=', applicationId)
    .where('stage', '!=', 'decision')
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.stage;
}

/** The latest date a step of a kind happened, e.g. biometrics given, for what stays valid from it. */
export async function latestStepDate(db: Db, applicationId: string, kinds: string[]): Promise<string | undefined> {
  const row = await db
    .selectFrom('case_steps')
    .select('occurred_on')
    .where('application_id', '=', applicationId)
    .where('kind', 'in', kinds)
    .orderBy('occurred_on', 'desc')
    .executeTakeFirst();
  return row?.occurred_on;
}

export interface DueLetterRow {
  letterId: string;
  applicationId: string;
  givenName: string;
  surname: string;
  kind: LetterKind;
  deadline: string;
  ownerId: string | null;
  stage: string;
}

/**
 * Open letters due on or before `until`, earliest first: everything overdue and what falls due by
 * then, of one owner or of everyone. Erased applications are left out (their letters no longer
 * name anyone to act for). Read through the open-letter indexes, so the cost follows what is open.
 */
export async function listDueLetters(db: Db, o: { until: string; ownerId?: string; limit: number }): Promise<DueLetterRow[]> {
  let query = db
    .selectFrom('case_letters as l')
    .innerJoin('applications as a', 'a.id', 'l.application_id')
    .select([
      'l.id as letterId',
      'l.application_id as applicationId',
      'a.given_name as givenName',
      'a.surname as surname',
      'l.kind as kind',
      'l.deadline as deadline',
      'l.owner_id as ownerId',
      'a.stage as stage',
    ])
    .where('l.done_on', 'is', null)
    .where('l.deadline', '<=', o.until)
    .where('a.anonymised_at', 'is', null);
  if (o.ownerId !== undefined) query = query.where('l.owner_id', '=', o.ownerId);
  return query.orderBy('l.deadline').orderBy('l.id').limit(o.limit).execute();
}

export interface PublicCaseRow {
  stage: string;
  /** The caseWork setting's stored text, read in the same statement; null when never set. */
  settings: string | null;
  /** The open letter waiting on the applicant with the earliest deadline, if any. */
  kind: string | null;
  deadline: string | null;
}

// Built once per database (db/compiled-query.ts): it runs on every hit of the public status check.
const publicCaseOf = compiledQuery((db, param: QueryParam<'applicationId'>) =>
  db
    .selectFrom('applications as a')
    .leftJoin('app_settings as s', (join) => join.on('s.key', '=', 'caseWork'))
    .leftJoin('case_letters as l', (join) =>
      join
        .onRef('l.application_id', '=', 'a.id')
        .on('l.done_on', 'is', null)
        .on('l.kind', 'in', [...WAITING_KINDS]),
    )
    .select(['a.stage as stage', 's.value as settings', 'l.kind as kind', 'l.deadline as deadline'])
    .where('a.id', '=', param('applicationId'))
    .orderBy('l.deadline')
    .orderBy('l.id')
    .limit(1),
);

/**
 * What the public status check says of a case, in one statement (it runs on every hit of a hot
 * path): the stage, the office's stage names, and the open letter waiting on the applicant
 * (`WAITING_KINDS`) due first. Primary-key lookups and the letters' per-application index.
 */
export async function findPublicCase(db: Db, applicationId: string): Promise<PublicCaseRow | undefined> {
  const values = { applicationId };
  const [row] = publicCaseOf.now(db, values) ?? (await publicCaseOf(db, values));
  return row;
}

/**
 * Erasing an applicant (ADR 0052, ADR 0083): the free text of their case goes, the steps' notes and
 * the letters' reasons for a moved deadline (either may say why: an illness, a journey, a family
 * matter); the kinds, stages and dates stay, as the status and its dates do.
 */
export async function forgetCaseTextOf(db: Db, applicationId: string): Promise<void> {
  await db.updateTable('case_steps').set({ note: '' }).where('application_id', '=', applicationId).where('note', '!=', '').execute();
  await db.updateTable('case_letters').set({ reason: '' }).where('application_id', '=', applicationId).where('reason', '!=', '').execute();
  // A handover's counterpart and note name people (a relative, a counter clerk); where and when stay.
  await db
    .updateTable('passport_handovers')
    .set({ counterpart: '', note: '' })
    .where('application_id', '=', applicationId)
    .where((eb) => eb.or([eb('counterpart', '!=', ''), eb('note', '!=', '')]))
    .execute();
}
