import { randomBytes } from 'node:crypto';
import {
  type Currency,
  MONEY_TEXTS as T,
  type PaymentMethod,
  convertMinor,
  dueEffect,
  fiscalYearOf,
  receiptNumberText,
} from '@visa/shared/money';
import type { Db } from '../../../db/connection.js';
import { HttpError, badRequest, conflict } from '../../../lib/http-error.js';
import { newId } from '../../../lib/ids.js';
import { withdrawReceipt } from '../applicant-notices/notify.js';
import * as repo from './repository.js';

/**
 * The ledger's own rules (ADR 0084), for callers already inside a transaction: an entry and the
 * kept balance move together; a reversal undoes one entry once; a transaction ID is used once
 * across the office; a payment gets its receipt, numbered without gaps, in the same transaction.
 * Who may do what, and the audit, belong to the callers.
 */

export interface NewEntry {
  applicationId: string;
  kind: 'charge' | 'discount' | 'payment' | 'refund';
  amountMinor: number;
  currency: Currency;
  /** Taka per dollar in millionths, for a charge in dollars. */
  rateMicros?: number | null;
  description?: string;
  feeCode?: string | null;
  method?: PaymentMethod | null;
  methodRef?: string | null;
  refundOfId?: string | null;
  /** The day the money moved or the charge was made (YYYY-MM-DD). */
  occurredOn: string;
  actorId: string | null;
  at: Date;
}

/** Adds one entry and moves the application's balance with it. */
export async function appendEntry(trx: Db, input: NewEntry): Promise<repo.LedgerEntryRow> {
  const rate = input.rateMicros ?? null;
  if (input.currency === 'CAD' && input.kind !== 'charge') throw badRequest(T.onlyChargesInDollars);
  if (input.currency === 'CAD' && rate === null) throw badRequest(T.dollarsNeedRate);
  if (input.currency === 'BDT' && rate !== null) throw badRequest(T.takaHasNoRate);
  const bdtMinor = rate === null ? input.amountMinor : convertMinor(input.amountMinor, rate);
  const row = {
    id: newId(input.at.getTime()),
    application_id: input.applicationId,
    kind: input.kind,
    amount_minor: input.amountMinor,
    currency: input.currency,
    rate_micros: rate,
    bdt_minor: bdtMinor,
    due_effect: dueEffect(input.kind, bdtMinor),
    description: input.description ?? '',
    fee_code: input.feeCode ?? null,
    method: input.method ?? null,
    method_ref: input.methodRef ?? null,
    reverses_id: null,
    refund_of_id: input.refundOfId ?? null,
    occurred_on: input.occurredOn,
    created_by: input.actorId,
    created_at: input.at.toISOString(),
  };
  await repo.insertEntry(trx, row);
  await repo.addToBalance(trx, input.applicationId, row.due_effect, row.created_at);
  return row;
}

/** bKash's own transaction IDs are one namespace, whether staff entered a send-money or the checkout paid. */
const transactionKey = (method: PaymentMethod, ref: string): string =>
  `${method === 'bkash-checkout' ? 'bkash' : method}:${ref.trim().toUpperCase()}`;

export interface NewPayment extends Omit<NewEntry, 'kind' | 'currency' | 'rateMicros'> {
  method: PaymentMethod;
  /** Registered once across the office when given (a wallet's or gateway's transaction ID). */
  transactionId?: string | null;
  /** The receipt's date (YYYY-MM-DD in the office's time zone): it decides the fiscal year. */
  issuedOn: string;
}

/** A payment and its receipt; 409 naming the application when its transaction ID was already used. */
export async function recordPayment(trx: Db, input: NewPayment): Promise<{ entry: repo.LedgerEntryRow; receipt: repo.ReceiptRow }> {
  const entry = await appendEntry(trx, { ...input, kind: 'payment', currency: 'BDT', methodRef: input.transactionId ?? input.methodRef });
  if (input.transactionId) {
    const key = transactionKey(input.method, input.transactionId);
    if (!(await repo.registerTransactionId(trx, key, entry.id, input.applicationId))) {
      const used = await repo.findTransactionId(trx, key);
      throw conflict(T.transactionIdUsed(used?.applicationId ?? input.applicationId));
    }
  }
  const receipt = await issueReceipt(trx, entry, input.issuedOn, input.actorId);
  return { entry, receipt };
}

/** A payment's receipt: the next number of its fiscal year and a code for its QR that names no one. */
async function issueReceipt(trx: Db, entry: repo.LedgerEntryRow, issuedOn: string, actorId: string | null): Promise<repo.ReceiptRow> {
  const payer = await repo.findPayer(trx, entry.application_id);
  const fiscalYear = fiscalYearOf(issuedOn);
  const row = {
    id: newId(),
    fiscal_year: fiscalYear,
    number: await repo.takeReceiptNumber(trx, fiscalYear),
    entry_id: entry.id,
    application_id: entry.application_id,
    amount_minor: entry.amount_minor,
    payer_name: payer && !payer.erased ? payer.name : '',
    verify_code: randomBytes(16).toString('base64url'),
    issued_on: issuedOn,
    issued_by: actorId,
    created_at: entry.created_at,
  };
  await repo.insertReceipt(trx, row);
  return row;
}

export interface Reversal {
  applicationId: string;
  entryId: string;
  description: string;
  occurredOn: string;
  actorId: string | null;
  at: Date;
}

/**
 * A credit note that undoes one entry of this application, once; a reversed payment frees its
 * transaction ID and withdraws its receipt where it still waits to be sent.
 */
export async function reverseEntry(trx: Db, input: Reversal): Promise<repo.LedgerEntryRow> {
  const entry = await repo.findEntry(trx, input.entryId);
  if (!entry || entry.application_id !== input.applicationId) throw new HttpError(404, T.entryNotFound);
  if (entry.kind === 'reversal') throw conflict(T.reversalNotReversible);
  if (await repo.findReversalOf(trx, entry.id)) throw conflict(T.alreadyReversed);
  const row = {
    ...entry,
    id: newId(input.at.getTime()),
    kind: 'reversal' as const,
    due_effect: -Number(entry.due_effect),
    description: input.description,
    reverses_id: entry.id,
    refund_of_id: null,
    occurred_on: input.occurredOn,
    created_by: input.actorId,
    created_at: input.at.toISOString(),
  };
  await repo.insertEntry(trx, row);
  await repo.addToBalance(trx, entry.application_id, row.due_effect, row.created_at);
  if (entry.kind === 'payment') {
    await repo.releaseTransactionId(trx, entry.id);
    // Its receipt is no longer valid: one still waiting to go to the applicant does not go.
    const receipt = await repo.findReceiptOfEntry(trx, entry.id);
    if (receipt) await withdrawReceipt(trx, entry.application_id, receiptNumberText(receipt.fiscal_year, receipt.number));
  }
  return row;
}
