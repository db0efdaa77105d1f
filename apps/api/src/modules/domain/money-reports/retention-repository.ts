import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';

/** The financial records' end (ADR 0092): which applications' money is past its years, and its removal. */

/**
 * Records when money was first found without its application (it was deleted), so its years can
 * run from that day; an application deleted after it was erased already had its time. The entries
 * are read, not the kept balances: a deleted application's balance row goes with it.
 */
export async function closeDeleted(db: Db, at: string): Promise<number> {
  let recorded = 0;
  for (const table of ['ledger_entries', 'gateway_payments'] as const) {
    const result = await sql`
      insert into money_closures (application_id, closed_at)
      select distinct m.application_id, cast(${at} as text) from ${sql.table(table)} m
      where not exists (select 1 from applications a where a.id = m.application_id)
        and not exists (select 1 from money_closures c where c.application_id = m.application_id)
      on conflict (application_id) do nothing`.execute(db);
    recorded += Number(result.numAffectedRows ?? 0);
  }
  return recorded;
}

/** Up to `limit` applications erased before `before` that still hold money records. */
export async function erasedHoldingMoney(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('applications as a')
    .select('a.id')
    .where('a.anonymised_at', 'is not', null)
    .where('a.anonymised_at', '<', before)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('application_balances as b').select('b.application_id').whereRef('b.application_id', '=', 'a.id')),
        eb.exists(eb.selectFrom('gateway_payments as g').select('g.application_id').whereRef('g.application_id', '=', 'a.id')),
      ]),
    )
    .orderBy('a.anonymised_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Up to `limit` deleted applications whose money was found alone before `before`. */
export async function deletedClosedBefore(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('money_closures')
    .select('application_id')
    .where('closed_at', '<', before)
    .orderBy('closed_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.application_id);
}

/** Every money record of these applications; the receipt counters stay, so numbers are never given twice. */
export async function deleteMoneyOf(db: Db, ids: string[]): Promise<number> {
  const entries = await db.deleteFrom('ledger_entries').where('application_id', 'in', ids).executeTakeFirst();
  for (const table of [
    'transaction_ids',
    'receipts',
    'application_balances',
    'gateway_payments',
    'payment_links',
    'money_closures',
  ] as const) {
    await db.deleteFrom(table).where('application_id', 'in', ids).execute();
  }
  return Number(entries.numDeletedRows);
}

/**
 * Erasure: the entries keep their kinds, amounts, methods, references and dates for the books; their
 * words go, since staff write them freely ("paid by his brother Karim") and a reversal's or refund's
 * reason may name people. A charge's fee code still says what it was for.
 */
export async function forgetEntryTextOf(db: Db, applicationId: string): Promise<void> {
  await db
    .updateTable('ledger_entries')
    .set({ description: '' })
    .where('application_id', '=', applicationId)
    .where('description', '<>', '')
    .execute();
}
