import type { GatewayMethod } from '@visa/shared/money';
import type { Db } from '../../../db/connection.js';
import { newId } from '../../../lib/ids.js';
import { recordPayment } from '../ledger/service.js';
import { closeLinksIfPaid } from './pay-links.js';
import * as repo from './repository.js';

/**
 * Payments through a gateway (ADR 0084). An attempt is started before the payer is sent to the
 * gateway; whichever of the callback, the IPN and the reconciling job learns first that the money
 * moved settles it, and the ledger records the payment then, once: the attempt's row is claimed
 * in the same transaction as the payment and its receipt.
 */

export interface NewAttempt {
  gateway: GatewayMethod;
  linkId: string | null;
  applicationId: string;
  amountMinor: number;
  at: Date;
  /** When the reconciling job first asks the gateway, should no answer have come by then. */
  checkAt: Date;
}

/** An attempt's id is the transaction id the gateway is given. */
export async function startAttempt(db: Db, input: NewAttempt): Promise<string> {
  const id = newId(input.at.getTime());
  await repo.insertGatewayPayment(db, {
    id,
    gateway: input.gateway,
    link_id: input.linkId,
    application_id: input.applicationId,
    amount_minor: input.amountMinor,
    state: 'started',
    gateway_ref: null,
    gateway_trx_id: null,
    entry_id: null,
    started_at: input.at.toISOString(),
    settled_at: null,
    next_check_at: input.checkAt.toISOString(),
  });
  return id;
}

export interface Settlement {
  attemptId: string;
  /** The gateway's id for the money moved (bank_tran_id, trxID). */
  gatewayTrxId: string;
  /** The receipt's date in the office's time zone. */
  issuedOn: string;
  at: Date;
}

/**
 * Records a confirmed payment once; false when the attempt was already settled as paid (a
 * duplicate IPN, a replayed callback, the job after the callback) or is unknown. The caller has
 * checked with the gateway that the money moved, in the attempt's amount.
 */
export async function settlePaid(db: Db, input: Settlement): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const attempt = await repo.findGatewayPayment(trx, input.attemptId);
    if (!attempt) return false;
    if (!(await repo.claimPaid(trx, attempt.id, input.gatewayTrxId, input.at.toISOString()))) return false;
    const { entry } = await recordPayment(trx, {
      applicationId: attempt.application_id,
      amountMinor: Number(attempt.amount_minor),
      method: attempt.gateway,
      transactionId: input.gatewayTrxId,
      occurredOn: input.issuedOn,
      issuedOn: input.issuedOn,
      actorId: null,
      at: input.at,
    });
    await repo.setEntry(trx, attempt.id, entry.id);
    await closeLinksIfPaid(trx, attempt.application_id, input.at);
    return true;
  });
}

/** An attempt the gateway refused or the payer cancelled; false when it was already settled. */
export const settleUnpaid = (db: Db, attemptId: string, state: 'failed' | 'cancelled', at: Date) =>
  repo.markUnpaid(db, attemptId, state, at.toISOString());
