import { receiptNumberText } from '@visa/shared/money';
import type { Db } from '../../../db/connection.js';
import { listEntries, receiptsOf } from '../ledger/repository.js';

/**
 * The applicant's money as their own data (ADR 0092): each entry of their ledger and each receipt,
 * in words and taka paisa. Which member of staff recorded it is the office's, and stays out, as the
 * case's does (ADR 0083).
 */
export async function moneyForApplicant(db: Db, applicationId: string) {
  const [entries, receipts] = await Promise.all([listEntries(db, applicationId), receiptsOf(db, applicationId)]);
  return {
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      date: e.occurred_on,
      description: e.description,
      amountMinor: Number(e.amount_minor),
      currency: e.currency,
      rateMicros: e.rate_micros === null ? null : Number(e.rate_micros),
      takaMinor: Number(e.bdt_minor),
      method: e.method,
      reference: e.method_ref,
      reverses: e.reverses_id,
      refundOf: e.refund_of_id,
    })),
    receipts: receipts.map((r) => ({
      number: receiptNumberText(r.fiscal_year, r.number),
      date: r.issued_on,
      amountMinor: Number(r.amount_minor),
      payer: r.payer_name,
      entry: r.entry_id,
    })),
  };
}
