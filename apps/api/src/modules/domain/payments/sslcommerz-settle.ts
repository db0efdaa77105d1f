import { todayIn } from '@visa/shared/dates';
import { MONEY_TEXTS } from '@visa/shared/money';
import { SSLCOMMERZ_TEXTS as T } from '@visa/shared/sslcommerz';
import type { AppContext } from '../../../context.js';
import {
  type SslcommerzStore,
  SslcommerzUnreachable,
  isPaidStatus,
  queryTransaction,
  requestRefund,
  sslcommerzStore,
  validatePayment,
} from '../../../infra/payment-gateways/sslcommerz.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, conflict } from '../../../lib/http-error.js';
import type { CheckAttempt, RefundThroughGateway } from './gateways.js';
import * as repo from './repository.js';
import { settlePaid, settleUnpaid } from './service.js';

/**
 * Settling an SSLCommerz attempt (ADR 0089), whoever learns of it first: the payer's return, the
 * IPN, or the reconciling job's transaction query. A payment is recorded only after the validation
 * API confirmed it for this attempt's transaction id, in its amount, in taka; the ledger then
 * records it once, however many of them confirm it.
 */

type MoneyContext = Pick<AppContext, 'db' | 'config' | 'now'>;

/** paid: recorded now or before; refused: SSLCommerz does not confirm it for this attempt; unknown: ask again later. */
export type Confirmation = 'paid' | 'refused' | 'unknown';

/** The attempt a transaction id names, when it is SSLCommerz's. */
export async function sslcommerzAttempt(ctx: MoneyContext, tranId: string | undefined): Promise<repo.GatewayPaymentRow | undefined> {
  if (!tranId || tranId.length > 64) return undefined;
  const attempt = await repo.findGatewayPayment(ctx.db, tranId);
  return attempt?.gateway === 'sslcommerz' ? attempt : undefined;
}

/** Asks the validation API about `valId` and records the payment when it confirms this attempt. */
export async function confirmPaid(ctx: MoneyContext, attempt: repo.GatewayPaymentRow, valId: string): Promise<Confirmation> {
  const store = sslcommerzStore(ctx.config);
  if (!store) return 'unknown';
  try {
    return await confirmWith(ctx, store, attempt, valId);
  } catch (err) {
    if (err instanceof SslcommerzUnreachable) return 'unknown';
    throw err;
  }
}

async function confirmWith(
  ctx: MoneyContext,
  store: SslcommerzStore,
  attempt: repo.GatewayPaymentRow,
  valId: string,
): Promise<Confirmation> {
  const answer = await validatePayment(store, valId);
  if (!isPaidStatus(answer.status)) return 'refused';
  // A valid payment of another transaction or currency does not settle this attempt.
  if (
    answer.tranId !== attempt.id ||
    answer.currency !== 'BDT' ||
    !answer.bankTranId ||
    answer.amountMinor === null ||
    answer.amountMinor <= 0
  ) {
    return 'refused';
  }
  const at = clockOf(ctx)();
  if (attempt.state !== 'paid') await repo.setGatewayRef(ctx.db, attempt.id, valId);
  // Another amount than asked is still money taken: recorded as SSLCommerz confirmed it, marked for staff (ADR 0095).
  await settlePaid(ctx.db, {
    attemptId: attempt.id,
    gatewayTrxId: answer.bankTranId,
    confirmedMinor: answer.amountMinor,
    issuedOn: todayIn(ctx.config.APP_TIMEZONE, at),
    at,
  });
  return 'paid';
}

/** SSLCommerz's word that the payer did not pay: a paid attempt stays paid. */
export const markUnpaid = (ctx: MoneyContext, attempt: repo.GatewayPaymentRow, state: 'failed' | 'cancelled') =>
  settleUnpaid(ctx.db, attempt.id, state, clockOf(ctx)());

/**
 * The reconciling job's question about an attempt nobody settled (the payer closed the tab, the
 * IPN never came): the transaction query by our transaction id, then the validation API for a
 * payment it lists. Nothing found, or only a payment in progress, is asked again later.
 */
export const checkSslcommerz: CheckAttempt = async (ctx, attempt) => {
  const store = sslcommerzStore(ctx.config);
  if (!store) return 'pending';
  try {
    const payments = await queryTransaction(store, attempt.id);
    for (const payment of payments.filter((p) => isPaidStatus(p.status) && p.valId)) {
      if ((await confirmWith(ctx, store, attempt, payment.valId)) === 'paid') return 'settled';
    }
    const statuses = new Set(payments.map((p) => p.status));
    if (statuses.has('PENDING') || statuses.size === 0 || payments.some((p) => isPaidStatus(p.status))) return 'pending';
    await markUnpaid(ctx, attempt, statuses.has('CANCELLED') ? 'cancelled' : 'failed');
    return 'settled';
  } catch (err) {
    if (err instanceof SslcommerzUnreachable) return 'pending';
    throw err;
  }
};

/** A refund of part or all of an SSLCommerz payment, through its refund API, named by the payment's bank_tran_id. */
export const refundSslcommerz: RefundThroughGateway = async (ctx, refund) => {
  const store = sslcommerzStore(ctx.config);
  if (!store || !refund.gatewayTrxId) throw conflict(MONEY_TEXTS.gatewayRefundUnavailable);
  let answer;
  try {
    answer = await requestRefund(store, {
      bankTranId: refund.gatewayTrxId,
      amountMinor: refund.amountMinor,
      remarks: refund.reason,
      referenceId: refund.refundId,
    });
  } catch (err) {
    if (err instanceof SslcommerzUnreachable) throw new HttpError(502, T.refundUnreachable);
    throw err;
  }
  if (!answer.ok) throw new HttpError(502, T.refundRefused(answer.reason));
  return answer.refundRefId;
};
