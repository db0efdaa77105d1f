import { type Ledger, type LedgerEntry, receiptNumberText } from '@visa/shared/money';
import type { LedgerEntryRow, ReceiptRow } from './repository.js';

/** The file's money as the API answers it (ADR 0084). */
export function toLedger(
  applicationId: string,
  rows: LedgerEntryRow[],
  receipts: ReceiptRow[],
  names: Map<string, string>,
  balanceMinor: number,
): Ledger {
  const reversedBy = new Map(rows.filter((r) => r.reverses_id).map((r) => [r.reverses_id!, r.id]));
  const receiptOf = new Map(receipts.map((r) => [r.entry_id, r]));
  const entries: LedgerEntry[] = rows.map((r) => {
    const receipt = receiptOf.get(r.id);
    return {
      id: r.id,
      kind: r.kind,
      amountMinor: Number(r.amount_minor),
      currency: r.currency,
      rateMicros: r.rate_micros === null ? null : Number(r.rate_micros),
      bdtMinor: Number(r.bdt_minor),
      dueEffect: Number(r.due_effect),
      description: r.description,
      feeCode: r.fee_code,
      method: r.method as LedgerEntry['method'],
      methodRef: r.method_ref,
      reversesId: r.reverses_id,
      reversedById: reversedBy.get(r.id) ?? null,
      refundOfId: r.refund_of_id,
      occurredOn: r.occurred_on,
      createdBy: r.created_by ? { id: r.created_by, name: names.get(r.created_by) ?? '' } : null,
      createdAt: r.created_at,
      receipt: receipt
        ? { id: receipt.id, number: receiptNumberText(receipt.fiscal_year, receipt.number), verifyCode: receipt.verify_code }
        : null,
    };
  });
  // A reversal counts against the kind it undoes, so each total is what stands.
  const kindOf = new Map(rows.map((r) => [r.id, r.kind]));
  const total = (kind: LedgerEntry['kind']) =>
    rows.reduce((sum, r) => {
      if (r.kind === kind) return sum + Number(r.bdt_minor);
      if (r.kind === 'reversal' && kindOf.get(r.reverses_id!) === kind) return sum - Number(r.bdt_minor);
      return sum;
    }, 0);
  return {
    applicationId,
    entries,
    chargedMinor: total('charge'),
    discountedMinor: total('discount'),
    paidMinor: total('payment'),
    refundedMinor: total('refund'),
    balanceMinor,
  };
}
