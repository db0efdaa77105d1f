import type { ColumnType, Selectable } from 'kysely';

/** Money's tables (ADR 0084): amounts are integer minor units; dates YYYY-MM-DD, times ISO-8601 UTC. */

/** One line of an application's ledger, never changed once written. */
export interface LedgerEntriesTable {
  id: string;
  /** No foreign key: the ledger outlives the application's personal data and the application. */
  application_id: string;
  kind: 'charge' | 'discount' | 'payment' | 'refund' | 'reversal';
  /** In the entry's own currency. */
  amount_minor: number;
  currency: 'BDT' | 'CAD';
  /** Taka per dollar in millionths, for an amount in dollars. */
  rate_micros: number | null;
  /** The amount in paisa. */
  bdt_minor: number;
  /** What the entry does to the balance owed, in paisa: charges and refunds raise it. */
  due_effect: number;
  description: string;
  fee_code: string | null;
  method: string | null;
  /** A transaction ID, cheque number or gateway reference. */
  method_ref: string | null;
  /** A reversal names the entry it undoes (each at most once). */
  reverses_id: string | null;
  /** A refund names the payment it pays back. */
  refund_of_id: string | null;
  occurred_on: string;
  created_by: string | null;
  created_at: string;
}

/** What each application owes, kept with every entry. */
export interface ApplicationBalancesTable {
  application_id: string;
  due_minor: number;
  updated_at: string;
}

/** A transaction ID staff entered (`method:ID`), used once across the office. */
export interface TransactionIdsTable {
  key: string;
  entry_id: string;
  application_id: string;
}

export interface ReceiptCountersTable {
  fiscal_year: string;
  last_number: number;
}

/** A payment's receipt, numbered without gaps per fiscal year. */
export interface ReceiptsTable {
  id: string;
  fiscal_year: string;
  number: number;
  entry_id: string;
  application_id: string;
  amount_minor: number;
  /** The payer's name as printed; the erased marker once the applicant's data is erased. */
  payer_name: string;
  /** The public code in the receipt's QR: unguessable, and names no person. */
  verify_code: string;
  issued_on: string;
  issued_by: string | null;
  created_at: string;
}

/** A payment link: a hashed bearer token with a bounded life. */
export interface PaymentLinksTable {
  id: string;
  token_hash: string;
  application_id: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
}

/** One attempt to pay through a gateway; our id is the gateway's transaction id (tran_id, merchantInvoiceNumber). */
export interface GatewayPaymentsTable {
  id: string;
  gateway: 'sslcommerz' | 'bkash-checkout';
  link_id: string | null;
  application_id: string;
  amount_minor: number;
  state: 'started' | 'paid' | 'failed' | 'cancelled';
  /** The gateway's own id for the attempt (SSLCommerz's val_id or session key, bKash's paymentID). */
  gateway_ref: string | null;
  /** The gateway's id for the money moved (SSLCommerz's bank_tran_id, bKash's trxID): what a refund names. */
  gateway_trx_id: string | null;
  entry_id: string | null;
  started_at: string;
  settled_at: string | null;
  /** When the reconciling job next asks the gateway about an unsettled attempt. */
  next_check_at: string | null;
  /** The gateway's page for the attempt, sent again to a payer who starts twice (ADR 0095). */
  redirect_url: string | null;
}

/** A refund under way on a payment (ADR 0086): one at a time per payment. */
export interface RefundClaimsTable {
  payment_id: string;
  claim_id: string;
  claimed_at: string;
  /** What the refund asks (ADR 0095); null on claims made before. */
  application_id: string | null;
  gateway: string | null;
  amount_minor: number | null;
  reason: string | null;
  actor_id: string | null;
  /** calling: the gateway is being asked; in-doubt: it gave no answer; refunded: it refunded, the ledger entry is owed. */
  state: ColumnType<'calling' | 'in-doubt' | 'refunded', 'calling' | 'in-doubt' | 'refunded' | undefined>;
  gateway_ref: string | null;
}

/** When a deleted application's money was first found without its application (ADR 0092). */
export interface MoneyClosuresTable {
  application_id: string;
  closed_at: string;
}

export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type ReceiptRow = Selectable<ReceiptsTable>;
export type GatewayPaymentRow = Selectable<GatewayPaymentsTable>;
