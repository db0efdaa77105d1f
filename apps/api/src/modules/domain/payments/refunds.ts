import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { todayIn } from '@visa/shared/dates';
import {
  type GatewayMethod,
  type Ledger,
  MONEY_RACE_TEXTS as RACE,
  MONEY_TEXTS as T,
  type PaymentMethod,
  type STAFF_METHODS,
  isGatewayMethod,
} from '@visa/shared/money';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connection.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, badRequest, conflict } from '../../../lib/http-error.js';
import { newId } from '../../../lib/ids.js';
import type { Actor } from '../../../plugins/auth.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import * as ledger from '../ledger/repository.js';
import { appendEntry } from '../ledger/service.js';
import { getLedger } from '../ledger/staff.js';
import { PAYMENT_GATEWAYS } from './gateways.js';
import * as repo from './repository.js';

/**
 * Refunds (ADR 0084), super-admins only: part or all of a payment that still stands. Money paid
 * at the office goes back the way staff say; money paid through a gateway goes back through that
 * gateway's refund API first, and only a refund the gateway made is written to the ledger. The
 * refund's claim records what it asks before the gateway is called (ADR 0095), so a refund the
 * gateway made without answering, or whose ledger entry then failed, is settled by the
 * reconciling job (refund-checks.ts) rather than lost.
 */

type MoneyContext = Pick<AppContext, 'db' | 'config' | 'now'>;

interface RefundInput {
  amountMinor: number;
  reason: string;
  method?: (typeof STAFF_METHODS)[number];
}

/**
 * A refund claims its payment before it reads what is left (ADR 0086) and holds it across the
 * gateway's call, which happens outside any transaction; longer than this, the claim is taken to
 * belong to a request that died (a gateway call times out well within it).
 */
export const CLAIM_LIFE_MS = 10 * 60_000;

export async function refund(
  ctx: MoneyContext,
  actor: Actor,
  applicationId: string,
  paymentId: string,
  input: RefundInput,
): Promise<Ledger> {
  const at = clockOf(ctx)();
  const payment = await ledger.findEntry(ctx.db, paymentId);
  if (!payment || payment.application_id !== applicationId) throw new HttpError(404, T.entryNotFound);
  if (payment.kind !== 'payment') throw conflict(T.notAPayment);
  const gateway = payment.method && isGatewayMethod(payment.method) ? payment.method : null;
  if (!gateway && !input.method) throw badRequest(T.refundMethodNeeded, [{ path: 'method', message: T.refundMethodNeeded }]);

  const claim = {
    payment_id: payment.id,
    claim_id: newId(at.getTime()),
    claimed_at: at.toISOString(),
    application_id: applicationId,
    gateway,
    amount_minor: input.amountMinor,
    reason: input.reason,
    actor_id: actor._id,
  };
  if (!(await repo.claimRefund(ctx.db, claim, new Date(at.getTime() - CLAIM_LIFE_MS).toISOString()))) throw conflict(RACE.refundUnderWay);
  let gatewayRef: string | null = null;
  let inDoubt = false;
  try {
    if (await ledger.findReversalOf(ctx.db, payment.id)) throw conflict(T.reversedPayment);
    const paid = Number(payment.bdt_minor);
    const left = paid - (await ledger.refundedOf(ctx.db, payment.id));
    if (input.amountMinor > left) {
      const message = T.refundTooLarge(left);
      // More than the payment is a mistake in the request; more than earlier refunds left is the ledger's state.
      throw input.amountMinor > paid ? badRequest(message, [{ path: 'amountMinor', message }]) : conflict(message);
    }
    if (gateway) {
      gatewayRef = await refundThroughGateway(ctx, gateway, payment, input, claim.claim_id);
      if (gatewayRef === null) {
        // No answer: the gateway may have refunded. The claim stays, shown as pending, for the job to ask about.
        inDoubt = true;
        await repo.markRefundClaim(ctx.db, payment.id, claim.claim_id, 'in-doubt', null);
        throw conflict(RACE.refundInDoubt);
      }
    }
  } catch (err) {
    if (!inDoubt) await repo.releaseRefund(ctx.db, payment.id, claim.claim_id);
    throw err;
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // A reversal does not wait for the claim; money paid back by a gateway is recorded whatever happened meanwhile.
      if (!gateway && (await ledger.findReversalOf(trx, payment.id))) throw conflict(T.reversedPayment);
      const refund = {
        ...claim,
        method: gateway ?? input.method!,
        methodRef: gatewayRef,
        occurredOn: todayIn(ctx.config.APP_TIMEZONE, at),
        at,
      };
      // The claim outlived its life and another refund took it over: this one records nothing.
      if (!(await writeRefund(trx, refund))) throw conflict(RACE.refundUnderWay);
    });
  } catch (err) {
    if (!gatewayRef) {
      await repo.releaseRefund(ctx.db, payment.id, claim.claim_id);
      throw err;
    }
    // The gateway refunded: the entry is owed, and the job writes it from the claim.
    await repo.markRefundClaim(ctx.db, payment.id, claim.claim_id, 'refunded', gatewayRef);
    throw conflict(RACE.refundInDoubt);
  }
  return getLedger(ctx, applicationId);
}

interface RefundToWrite {
  payment_id: string;
  claim_id: string;
  application_id: string;
  amount_minor: number;
  reason: string;
  actor_id: string | null;
  method: PaymentMethod;
  methodRef: string | null;
  occurredOn: string;
  at: Date;
}

/** The refund's entry and audit row, and its claim let go of, in the caller's transaction; false when the claim was no longer held. */
export async function writeRefund(trx: Db, refund: RefundToWrite): Promise<boolean> {
  if (!(await repo.releaseRefund(trx, refund.payment_id, refund.claim_id))) return false;
  const entry = await appendEntry(trx, {
    applicationId: refund.application_id,
    kind: 'refund',
    amountMinor: refund.amount_minor,
    currency: 'BDT',
    description: refund.reason,
    method: refund.method,
    methodRef: refund.methodRef,
    refundOfId: refund.payment_id,
    occurredOn: refund.occurredOn,
    actorId: refund.actor_id,
    at: refund.at,
  });
  await recordAudit(trx, {
    actorUserId: refund.actor_id,
    action: AUDIT_ACTIONS.money.refund,
    entity: AUDIT_ENTITIES.application,
    entityId: refund.application_id,
    details: { entryId: entry.id, paymentId: refund.payment_id, amountMinor: refund.amount_minor, reason: refund.reason },
  });
  return true;
}

/** The gateway's refund of a payment it took: its refund reference, or null when it gave no answer. */
async function refundThroughGateway(
  ctx: MoneyContext,
  gateway: GatewayMethod,
  payment: ledger.LedgerEntryRow,
  input: RefundInput,
  refundId: string,
): Promise<string | null> {
  const through = PAYMENT_GATEWAYS[gateway]?.refund;
  const attempt = await repo.findByEntry(ctx.db, payment.id);
  if (!through || !attempt) throw conflict(T.gatewayRefundUnavailable);
  return through(ctx, {
    attemptId: attempt.id,
    gatewayRef: attempt.gateway_ref,
    gatewayTrxId: attempt.gateway_trx_id ?? '',
    paidMinor: Number(payment.bdt_minor),
    amountMinor: input.amountMinor,
    reason: input.reason,
    refundId,
  });
}
