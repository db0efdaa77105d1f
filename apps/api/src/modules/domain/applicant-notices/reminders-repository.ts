import type { Db } from '../../../db/connection.js';
import type { CaseReminderRow } from '../../../db/schema-case-work.js';
import { newId } from '../../../lib/ids.js';

/**
 * The reminders of a letter's deadline (ADR 0080): one row per letter and number of days before it,
 * unique, written in the transaction that enters, moves or closes the letter, and claimed once by
 * a conditional update when it falls due. This file is their SQL; reminders.ts decides.
 */

/** What planning needs of a letter: its kind, deadline, whether it is done. */
export async function findLetterToPlan(db: Db, letterId: string) {
  return db
    .selectFrom('case_letters')
    .select(['id', 'application_id', 'kind', 'deadline', 'done_on'])
    .where('id', '=', letterId)
    .executeTakeFirst();
}

export async function remindersOf(db: Db, letterId: string): Promise<CaseReminderRow[]> {
  return db.selectFrom('case_reminders').selectAll().where('letter_id', '=', letterId).execute();
}

export async function insertReminder(db: Db, row: Omit<CaseReminderRow, 'id' | 'handled_at'>, now: Date): Promise<void> {
  await db
    .insertInto('case_reminders')
    .values({ ...row, id: newId(now.getTime()), handled_at: null })
    .execute();
}

/** Moves a reminder not yet told to a new time or state; one told since it was read stays as it is. */
export async function replanReminder(db: Db, id: string, to: { due_at: string; state: 'waiting' | 'passed' | 'cancelled' }): Promise<void> {
  await db.updateTable('case_reminders').set(to).where('id', '=', id).where('state', 'in', ['waiting', 'passed']).execute();
}

/** The reminders of these letters that nobody was told of yet will never be. */
export async function cancelReminders(db: Db, letterIds: string[]): Promise<void> {
  if (letterIds.length === 0) return;
  await db
    .updateTable('case_reminders')
    .set({ state: 'cancelled' })
    .where('letter_id', 'in', letterIds)
    .where('state', 'in', ['waiting', 'passed'])
    .execute();
}

/** Messages of these letters' reminders still waiting in the outbox (held by quiet hours, a retry) are not sent. */
export async function dropWaitingReminderMessages(db: Db, letterIds: string[], reason: string): Promise<void> {
  if (letterIds.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ status: 'skipped', last_error: reason })
    .where('status', '=', 'queued')
    .where('reminder_id', 'in', db.selectFrom('case_reminders').select('id').where('letter_id', 'in', letterIds))
    .execute();
}

/** Up to `limit` waiting reminders due at `now`, earliest first. */
export async function dueReminderIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('case_reminders')
    .select('id')
    .where('state', '=', 'waiting')
    .where('due_at', '<=', now.toISOString())
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes a waiting reminder for this transaction: of several workers and instances exactly one
 * changes the row (the others wait on its lock and then find it no longer waiting), so it is told once.
 */
export async function claimReminder(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('case_reminders')
    .set({ state: 'queued', handled_at: now.toISOString() })
    .where('id', '=', id)
    .where('state', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setReminderState(db: Db, id: string, state: 'withheld' | 'cancelled'): Promise<void> {
  await db.updateTable('case_reminders').set({ state }).where('id', '=', id).execute();
}

/** A reminder with its letter as it is now: what a message says and whether it may still go. */
export async function findReminderLetter(db: Db, reminderId: string) {
  return db
    .selectFrom('case_reminders')
    .innerJoin('case_letters', 'case_letters.id', 'case_reminders.letter_id')
    .select([
      'case_reminders.id',
      'case_reminders.days_before',
      'case_letters.application_id',
      'case_letters.kind',
      'case_letters.deadline',
      'case_letters.done_on',
    ])
    .where('case_reminders.id', '=', reminderId)
    .executeTakeFirst();
}
