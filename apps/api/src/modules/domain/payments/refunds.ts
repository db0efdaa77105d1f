import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { todayIn } from '@visa/shared/dates';
import {
  type GatewayMethod,
  type Ledger,
  MONEY_RACE_TEXTS as RACE,
  MONEY_TEXTS as T,
  type STAFF_METHODS,
  isGatewayMethod,
} from '@visa/shared/money';
import type { AppContext } from '../../../context.js';
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
 * gateway's refund API first, and only a refund the gateway accepted is written to the ledger.
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
const CLAIM_LIFE_MS = 10 * 60_000;

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

  const claimId = newId(at.getTime());
  if (!(await repo.claimRefund(ctx.db, payment.id, claimId, at.toISOString(), new Date(at.getTime() - CLAIM_LIFE_MS).toISOString())))
    throw conflict(RACE.refundUnderWay);
  try {
    if (await ledger.findReversalOf(ctx.db, payment.id)) throw conflict(T.reversedPayment);
    const paid = Number(payment.bdt_minor);
    const left = paid - (await ledger.refundedOf(ctx.db, payment.id));
    if (input.amountMinor > left) {
      const message = T.refundTooLarge(left);
      // More than the payment is a mistake in the request; more than earlier refunds left is the ledger's state.
      throw input.amountMinor > paid ? badRequest(message, [{ path: 'amountMinor', message }]) : conflict(message);
    }
    const methodRef = gateway ? await refundThroughGateway(ctx, gateway, payment, input, claimId) : null;
    return await ctx.db.transaction().execute(async (trx) => {
      // A reversal does not wait for the claim; money paid back by a gateway is recorded whatever happened meanwhile.
      if (!gateway && (await ledger.findReversalOf(trx, payment.id))) throw conflict(T.reversedPayment);
      const entry = await appendEntry(trx, {
        applicationId,
        kind: 'refund',
        amountMinor: input.amountMinor,
        currency: 'BDT',
        description: input.reason,
        method: gateway ?? input.method!,
        methodRef,
        refundOfId: payment.id,
        occurredOn: todayIn(ctx.config.APP_TIMEZONE, at),
        actorId: actor._id,
        at,
      });
      await recordAudit(trx, {
        actorUserId: actor._id,
        action: AUDIT_ACTIONS.money.refund,
        entity: AUDIT_ENTITIES.application,
        entityId: applicationId,
        details: { entryId: entry.id, paymentId, amountMinor: input.amountMinor, reason: input.reason },
      });
      await repo.releaseRefund(trx, payment.id, claimId);
      return getLedger(ctx, applicationId, trx);
    });
  } catch (err) {
    await repo.releaseRefund(ctx.db, payment.id, claimId);
    throw err;
  }
}

/** The gateway's refund of a payment it took; answers the gateway's refund reference. */
async function refundThroughGateway(
  ctx: MoneyContext,
  gateway: GatewayMethod,
  payment: ledger.LedgerEntryRow,
  input: RefundInput,
  refundId: string,
): Promise<string> {
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
