import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { MONEY_TEXTS as T } from '@visa/shared/money';
import type { Db } from '../../../db/connection.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { balanceOf } from '../ledger/repository.js';
import { recordPayment } from '../ledger/service.js';
import { closeLinksIfPaid } from './pay-links.js';
import * as repo from './repository.js';

export { openAttempt } from './open-attempt.js';

/**
 * Payments through a gateway (ADR 0084). An attempt is started before the payer is sent to the
 * gateway; whichever of the callback, the IPN and the reconciling job learns first that the money
 * moved settles it, and the ledger records the payment then, once: the attempt's row is claimed
 * in the same transaction as the payment and its receipt.
 */

export interface Settlement {
  attemptId: string;
  /** The gateway's id for the money moved (bank_tran_id, trxID). */
  gatewayTrxId: string;
  /** What the gateway confirmed in paisa, when it is not the attempt's amount (ADR 0095). */
  confirmedMinor?: number;
  /** The receipt's date in the office's time zone. */
  issuedOn: string;
  at: Date;
}

/**
 * Records a confirmed payment once; false when the attempt was already settled as paid (a
 * duplicate IPN, a replayed callback, the job after the callback) or is unknown. The caller has
 * checked with the gateway that the money moved for this attempt. The money taken is recorded
 * whatever its amount (ADR 0095): a payment in another amount than asked, or one that leaves the
 * file in credit (a second payment page paid too), is marked on its entry and audited for staff.
 */
export async function settlePaid(db: Db, input: Settlement): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const attempt = await repo.findGatewayPayment(trx, input.attemptId);
    if (!attempt) return false;
    if (!(await repo.claimPaid(trx, attempt.id, input.gatewayTrxId, input.at.toISOString()))) return false;
    const askedMinor = Number(attempt.amount_minor);
    const paidMinor = input.confirmedMinor ?? askedMinor;
    const creditMinor = paidMinor - (await balanceOf(trx, attempt.application_id));
    const note =
      paidMinor !== askedMinor ? T.gatewayAmountDiffers(askedMinor, paidMinor) : creditMinor > 0 ? T.gatewayOverpaid(creditMinor) : '';
    const { entry } = await recordPayment(trx, {
      applicationId: attempt.application_id,
      amountMinor: paidMinor,
      method: attempt.gateway,
      transactionId: input.gatewayTrxId,
      description: note,
      occurredOn: input.issuedOn,
      issuedOn: input.issuedOn,
      actorId: null,
      at: input.at,
    });
    await repo.setEntry(trx, attempt.id, entry.id);
    if (note) {
      await recordAudit(trx, {
        actorUserId: null,
        action: AUDIT_ACTIONS.money.gatewayCheck,
        entity: AUDIT_ENTITIES.application,
        entityId: attempt.application_id,
        details: { attemptId: attempt.id, entryId: entry.id, askedMinor, paidMinor, creditMinor: Math.max(0, creditMinor) },
      });
    }
    await closeLinksIfPaid(trx, attempt.application_id, input.at);
    return true;
  });
}

/** An attempt the gateway refused or the payer cancelled; false when it was already settled. */
export const settleUnpaid = (db: Db, attemptId: string, state: 'failed' | 'cancelled', at: Date) =>
  repo.markUnpaid(db, attemptId, state, at.toISOString());
