import { type CompiledQuery, sql } from 'kysely';
import type { PassportHolder } from '@visa/shared/case-work';
import type { Db } from '../../../db/connection.js';
import type { PassportHandoverRow } from '../../../db/schema-case-work.js';
import { withStaffNames } from '../staff-accounts/repository.js';

/** Every statement on passport_handovers and an application's passport holder (ADR 0082). */

/**
 * Held: the predicate of the partial index applications_passport_held, written as the index has
 * it (literals, not parameters) so both engines see that the index answers it.
 */
const HELD = sql<boolean>`passport_holder in ('office', 'vfs')`;

export interface CustodyHead {
  holder: PassportHolder;
  stage: string;
  erased: boolean;
  /** The date of the latest handover, if any: a new one cannot come before it. */
  lastDate: string | null;
}

export async function findCustodyHead(db: Db, applicationId: string): Promise<CustodyHead | undefined> {
  const row = await db
    .selectFrom('applications as a')
    .leftJoin('passport_handovers as h', 'h.id', 'a.passport_handover_id')
    .select(['a.passport_holder', 'a.stage', 'a.anonymised_at', 'h.occurred_on'])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
  return row && { holder: row.passport_holder, stage: row.stage, erased: row.anonymised_at !== null, lastDate: row.occurred_on ?? null };
}

export async function listHandovers(db: Db, applicationId: string): Promise<(PassportHandoverRow & { by_name: string | null })[]> {
  const rows = await db
    .selectFrom('passport_handovers')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
  return withStaffNames(db, rows, (r) => r.recorded_by, 'by_name');
}

export async function insertHandover(db: Db, row: PassportHandoverRow): Promise<void> {
  await db.insertInto('passport_handovers').values(row).execute();
}

/**
 * Moves the passport to `to` when it is still with one of `from` and the record is not erased;
 * false otherwise (another handover or an erasure came first).
 */
export async function moveHolder(
  db: Db,
  o: { applicationId: string; from: readonly PassportHolder[]; to: PassportHolder; handoverId: string },
): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ passport_holder: o.to, passport_handover_id: o.handoverId })
    .where('id', '=', o.applicationId)
    .where('passport_holder', 'in', [...o.from])
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface SlipRow {
  handover: PassportHandoverRow;
  givenName: string;
  surname: string;
  passport: string;
  erased: boolean;
  byName: string | null;
}

/** A handover with what its slip prints of the applicant. */
export async function findSlip(db: Db, applicationId: string, handoverId: string): Promise<SlipRow | undefined> {
  const row = await db
    .selectFrom('passport_handovers as h')
    .innerJoin('applications as a', 'a.id', 'h.application_id')
    .leftJoin('users as u', 'u.id', 'h.recorded_by')
    .selectAll('h')
    .select(['a.given_name', 'a.surname', 'a.passport', 'a.anonymised_at', 'u.name as by_name'])
    .where('h.id', '=', handoverId)
    .where('h.application_id', '=', applicationId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { given_name, surname, passport, anonymised_at, by_name, ...handover } = row;
  return { handover, givenName: given_name, surname, passport, erased: anonymised_at !== null, byName: by_name };
}

export interface HeldRow {
  applicationId: string;
  givenName: string;
  surname: string;
  holder: PassportHolder;
  since: string;
  counterpart: string;
  byId: string | null;
}

/**
 * The passports at the office or at VFS, held longest first. Read through the partial index of
 * held passports, so the cost follows how many the office holds, not how many applications exist.
 * Erased records are left out: they name no one to give a passport back to.
 */
const heldQuery = (db: Db, limit: number) =>
  db
    .selectFrom('applications as a')
    .innerJoin('passport_handovers as h', 'h.id', 'a.passport_handover_id')
    .select([
      'a.id as applicationId',
      'a.given_name as givenName',
      'a.surname as surname',
      'a.passport_holder as holder',
      'h.occurred_on as since',
      'h.counterpart as counterpart',
      'h.recorded_by as byId',
    ])
    .where(HELD)
    .where('a.anonymised_at', 'is', null)
    .orderBy('h.occurred_on')
    .orderBy('a.id')
    .limit(limit);

export const listHeld = (db: Db, limit: number): Promise<HeldRow[]> => heldQuery(db, limit).execute();

/** The list's statement, for a test to ask each engine how it would read it. */
export const compileHeldQuery = (db: Db, limit: number): CompiledQuery<HeldRow> => heldQuery(db, limit).compile();

export async function countHeld(db: Db): Promise<number> {
  const row = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(HELD)
    .where('anonymised_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
