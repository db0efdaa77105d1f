import type { Db } from '../../../db/connection.js';
import type { LedgerEntriesTable, LedgerEntryRow, ReceiptRow, ReceiptsTable } from '../../../db/schema-money.js';

/** Every statement on the ledger, the kept balances, the transaction-ID register and the receipts (ADR 0084). */

export type { LedgerEntryRow, ReceiptRow };

export async function insertEntry(db: Db, row: LedgerEntriesTable): Promise<void> {
  await db.insertInto('ledger_entries').values(row).execute();
}

/** Adds an entry's effect to the application's kept balance, creating the row on its first entry. */
export async function addToBalance(db: Db, applicationId: string, delta: number, at: string): Promise<void> {
  await db
    .insertInto('application_balances')
    .values({ application_id: applicationId, due_minor: delta, updated_at: at })
    .onConflict((oc) =>
      oc.column('application_id').doUpdateSet((eb) => ({
        due_minor: eb('application_balances.due_minor', '+', eb.ref('excluded.due_minor')),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

export async function findEntry(db: Db, id: string): Promise<LedgerEntryRow | undefined> {
  return db.selectFrom('ledger_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listEntries(db: Db, applicationId: string): Promise<LedgerEntryRow[]> {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** What the application owes in paisa (0 before its first entry): one row, however long the ledger. */
export async function balanceOf(db: Db, applicationId: string): Promise<number> {
  const row = await db
    .selectFrom('application_balances')
    .select('due_minor')
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return row ? Number(row.due_minor) : 0;
}

/** The entry that reversed this one, if any. */
export async function findReversalOf(db: Db, entryId: string): Promise<LedgerEntryRow | undefined> {
  return db.selectFrom('ledger_entries').selectAll().where('reverses_id', '=', entryId).executeTakeFirst();
}

/** Registers a transaction ID; false when the office already used it. */
export async function registerTransactionId(db: Db, key: string, entryId: string, applicationId: string): Promise<boolean> {
  const result = await db
    .insertInto('transaction_ids')
    .values({ key, entry_id: entryId, application_id: applicationId })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findTransactionId(db: Db, key: string): Promise<{ applicationId: string; entryId: string } | undefined> {
  const row = await db.selectFrom('transaction_ids').select(['application_id', 'entry_id']).where('key', '=', key).executeTakeFirst();
  return row && { applicationId: row.application_id, entryId: row.entry_id };
}

/** A reversed payment gives its transaction ID back, so it can be recorded on the right application. */
export async function releaseTransactionId(db: Db, entryId: string): Promise<void> {
  await db.deleteFrom('transaction_ids').where('entry_id', '=', entryId).execute();
}

/**
 * The next receipt number of a fiscal year. The counter row stays locked until the issuing
 * transaction ends, so concurrent issuers (workers, instances) queue here, and a rolled-back
 * receipt gives its number back: the numbers have no gaps.
 */
export async function takeReceiptNumber(db: Db, fiscalYear: string): Promise<number> {
  const row = await db
    .insertInto('receipt_counters')
    .values({ fiscal_year: fiscalYear, last_number: 1 })
    .onConflict((oc) => oc.column('fiscal_year').doUpdateSet((eb) => ({ last_number: eb('receipt_counters.last_number', '+', 1) })))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertReceipt(db: Db, row: ReceiptsTable): Promise<void> {
  await db.insertInto('receipts').values(row).execute();
}

export async function receiptsOf(db: Db, applicationId: string): Promise<ReceiptRow[]> {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('fiscal_year')
    .orderBy('number')
    .execute();
}

export async function findReceiptOfEntry(db: Db, entryId: string): Promise<ReceiptRow | undefined> {
  return db.selectFrom('receipts').selectAll().where('entry_id', '=', entryId).executeTakeFirst();
}

export async function findReceiptByCode(db: Db, code: string): Promise<ReceiptRow | undefined> {
  return db.selectFrom('receipts').selectAll().where('verify_code', '=', code).executeTakeFirst();
}

/** The payer's name as a receipt prints it, and whether the applicant's data was erased. */
export async function findPayer(db: Db, applicationId: string): Promise<{ name: string; erased: boolean } | undefined> {
  const row = await db
    .selectFrom('applications')
    .select(['given_name', 'surname', 'anonymised_at'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  return row && { name: `${row.given_name} ${row.surname}`.trim(), erased: row.anonymised_at !== null };
}

/** Erasure: the receipts keep their numbers and amounts, their payer's name goes. */
export async function forgetPayerOf(db: Db, applicationId: string): Promise<void> {
  await db.updateTable('receipts').set({ payer_name: '' }).where('application_id', '=', applicationId).execute();
}

/** What was already refunded of a payment, less refunds since reversed, in paisa. */
export async function refundedOf(db: Db, paymentId: string): Promise<number> {
  const refunds = await db.selectFrom('ledger_entries').select(['id', 'bdt_minor']).where('refund_of_id', '=', paymentId).execute();
  if (refunds.length === 0) return 0;
  const reversed = await db
    .selectFrom('ledger_entries')
    .select('reverses_id')
    .where(
      'reverses_id',
      'in',
      refunds.map((r) => r.id),
    )
    .execute();
  const gone = new Set(reversed.map((r) => r.reverses_id));
  return refunds.filter((r) => !gone.has(r.id)).reduce((sum, r) => sum + Number(r.bdt_minor), 0);
}

/** Whether a refund of this payment already carries this gateway reference. */
export async function hasRefundRef(db: Db, paymentId: string, ref: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('refund_of_id', '=', paymentId)
    .where('method_ref', '=', ref)
    .executeTakeFirst();
  return row !== undefined;
}

/** Gateway refunds asked for and not yet in the ledger (ADR 0095): the gateway is being asked, gave no answer, or refunded and the entry is owed. */
export async function pendingRefundsOf(db: Db, applicationId: string) {
  return db
    .selectFrom('refund_claims')
    .select(['payment_id', 'amount_minor', 'claimed_at'])
    .where('application_id', '=', applicationId)
    .where('gateway', 'is not', null)
    .orderBy('claimed_at')
    .execute();
}
