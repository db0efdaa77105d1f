import type { Db } from '../../../db/connection.js';
import type { ReceiptRow } from './repository.js';

/** A receipt of one application with how its payment was made (ADR 0088). */
export async function findReceiptOf(
  db: Db,
  applicationId: string,
  receiptId: string,
): Promise<(ReceiptRow & { method: string | null; method_ref: string | null }) | undefined> {
  return db
    .selectFrom('receipts')
    .innerJoin('ledger_entries', 'ledger_entries.id', 'receipts.entry_id')
    .selectAll('receipts')
    .select(['ledger_entries.method', 'ledger_entries.method_ref'])
    .where('receipts.id', '=', receiptId)
    .where('receipts.application_id', '=', applicationId)
    .executeTakeFirst();
}
