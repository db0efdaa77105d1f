import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';

/**
 * The reports' reads of the ledger (ADR 0092). Money moved is every entry with a method: payments,
 * refunds, and the reversals of either (a reversal copies the method of what it undoes). What it
 * did to the money in hand is the opposite of what it did to the balance owed, so a day's net is
 * minus the sum of its entries' due effects, with no join to the entries reversed. The partial index
 * of the migration holds the day, method and effect of these entries only.
 */

export interface MovedSum {
  period: string;
  method: string;
  netMinor: number;
}

/** Net money in per day (or month: `monthly`) and method over a range of days. */
export async function sumMoved(db: Db, from: string, to: string, monthly: boolean): Promise<MovedSum[]> {
  const period = monthly ? sql<string>`substr(occurred_on, 1, 7)` : sql<string>`occurred_on`;
  const rows = await db
    .selectFrom('ledger_entries')
    .select([period.as('period'), 'method', sql<string | number>`sum(due_effect)`.as('due')])
    .where('method', 'is not', null)
    .where('occurred_on', '>=', from)
    .where('occurred_on', '<=', to)
    .groupBy([period, 'method'])
    .orderBy(period)
    .orderBy('method')
    .execute();
  return rows.map((r) => ({ period: r.period, method: r.method!, netMinor: -Number(r.due) }));
}

/** What all applications that owe, owe together, and how many they are. */
export async function outstandingTotals(db: Db): Promise<{ count: number; totalMinor: number }> {
  const row = await db
    .selectFrom('application_balances')
    .select([sql<string | number>`count(*)`.as('count'), sql<string | number | null>`sum(due_minor)`.as('total')])
    .where('due_minor', '>', 0)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), totalMinor: Number(row.total ?? 0) };
}

export interface OwingRow {
  applicationId: string;
  dueMinor: number;
  /** Null when the application was deleted. */
  givenName: string | null;
  surname: string | null;
  erased: boolean;
}

/** One page of the applications that owe, largest debt first, read along the balances' partial index. */
export async function owingPage(db: Db, offset: number, limit: number): Promise<OwingRow[]> {
  const rows = await db
    .selectFrom('application_balances as b')
    .leftJoin('applications as a', 'a.id', 'b.application_id')
    .select(['b.application_id', 'b.due_minor', 'a.given_name', 'a.surname', 'a.anonymised_at'])
    .where('b.due_minor', '>', 0)
    .orderBy('b.due_minor', 'desc')
    .orderBy('b.application_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    applicationId: r.application_id,
    dueMinor: Number(r.due_minor),
    givenName: r.given_name,
    surname: r.surname,
    erased: r.anonymised_at !== null,
  }));
}

export interface MovedEntry {
  id: string;
  occurred_on: string;
  application_id: string;
  kind: string;
  method: string;
  method_ref: string | null;
  due_effect: number;
  receipt: string | null;
  staff: string | null;
}

/**
 * One batch of the entries that moved money in a range, in day order, after the (day, id) given:
 * each with its receipt's number parts (a payment's) and the name of who recorded it.
 */
export async function movedEntriesAfter(
  db: Db,
  from: string,
  to: string,
  after: { day: string; id: string } | null,
  limit: number,
): Promise<MovedEntry[]> {
  let query = db
    .selectFrom('ledger_entries as e')
    .leftJoin('receipts as r', 'r.entry_id', 'e.id')
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .select([
      'e.id',
      'e.occurred_on',
      'e.application_id',
      'e.kind',
      'e.method',
      'e.method_ref',
      'e.due_effect',
      'r.fiscal_year',
      'r.number',
      'u.name',
    ])
    .where('e.method', 'is not', null)
    .where('e.occurred_on', '>=', from)
    .where('e.occurred_on', '<=', to);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('e.occurred_on', '>', after.day), eb.and([eb('e.occurred_on', '=', after.day), eb('e.id', '>', after.id)])]),
    );
  }
  const rows = await query.orderBy('e.occurred_on').orderBy('e.id').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    occurred_on: r.occurred_on,
    application_id: r.application_id,
    kind: r.kind,
    method: r.method!,
    method_ref: r.method_ref,
    due_effect: Number(r.due_effect),
    receipt: r.fiscal_year !== null && r.number !== null ? `${r.fiscal_year}|${r.number}` : null,
    staff: r.name,
  }));
}
