import type { FastifyBaseLogger } from 'fastify';
import { todayIn } from '@visa/shared/dates';
import { MONEY_TEXTS } from '@visa/shared/money';
import { BKASH_TEXTS as T } from '@visa/shared/pay-bkash';
import type { AppContext } from '../../../context.js';
import type { Config } from '../../../config.js';
import {
  BKASH_LIMITS,
  type BkashAnswer,
  type BkashClient,
  bkashCredentialsOf,
  createBkashClient,
  paisaOf,
  statusOf,
  text,
  wordsOf,
} from '../../../infra/payment-gateways/bkash.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, conflict, notFound } from '../../../lib/http-error.js';
import * as bkashRepo from './bkash-repository.js';
import type { CheckAttempt, RefundStatus, RefundThroughGateway } from './gateways.js';
import * as repo from './repository.js';
import type { OpenPayLink } from './pay-links.js';
import { openAttempt, settlePaid, settleUnpaid } from './service.js';

/**
 * Paying a payment link through bKash's tokenized checkout (ADR 0090): create → the payer
 * authorises on bKash's page → bKash sends them to the callback → execute, which moves the money.
 * Execute has 30 seconds; only when it gives no answer in that time is the payment's status asked.
 * A payment is executed by one caller at a time and recorded once (settlePaid).
 */

type MoneyContext = Pick<AppContext, 'db' | 'config' | 'now'> & { log?: FastifyBaseLogger };
export type PayResult = 'paid' | 'failed' | 'cancelled' | 'pending';

/** bKash's "the payment was already completed" and "execute was already called": the status tells the rest. */
const ALREADY_EXECUTED = new Set(['2062', '2117']);
/** When the reconciling job first asks about a payment nobody came back from: bKash's page gives the payer a few minutes. */
const FIRST_CHECK_MS = 15 * 60_000;
/** How long bKash's page for a payment is sent again to a payer who starts twice: bKash keeps a payment open for minutes, not hours. */
const REUSE_MS = 5 * 60_000;

/** One client per configuration: its workers' concurrent calls share one token renewal. */
const clients = new WeakMap<Config, BkashClient>();

function clientOf(ctx: MoneyContext): BkashClient | null {
  const creds = bkashCredentialsOf(ctx.config);
  if (!creds) return null;
  let client = clients.get(ctx.config);
  if (!client) {
    client = createBkashClient(creds, bkashRepo.tokenStore(ctx.db), clockOf(ctx));
    clients.set(ctx.config, client);
  }
  return client;
}

/** Starts an attempt for what the link's file owes and answers bKash's page for the payer. */
export async function startBkashPayment(ctx: MoneyContext, link: OpenPayLink, language: 'en' | 'bn'): Promise<{ redirectUrl: string }> {
  const client = clientOf(ctx);
  if (!client) throw notFound(T.off);
  const at = clockOf(ctx)();
  const due = link.dueMinor;

  const opening = await openAttempt(ctx.db, {
    gateway: 'bkash-checkout',
    linkId: link.linkId,
    applicationId: link.applicationId,
    amountMinor: due,
    at,
    checkAt: new Date(at.getTime() + FIRST_CHECK_MS),
    reuseForMs: REUSE_MS,
  });
  if ('redirectUrl' in opening) return opening;
  const { attemptId } = opening;
  const answer = await client.create({
    amountMinor: due,
    invoice: attemptId,
    // bKash shows this to the payer; our attempt id names no one.
    payerReference: attemptId,
    callbackURL: `${ctx.config.publicUrl}/api/pay/bkash/callback/${language}`,
  });
  const paymentID = answer.answered && statusOf(answer.body) === '0000' ? text(answer.body, 'paymentID') : null;
  const url = answer.answered ? text(answer.body, 'bkashURL') : null;
  if (!paymentID || !url) {
    await settleUnpaid(ctx.db, attemptId, 'failed', at);
    throw new HttpError(502, T.notStarted);
  }
  await bkashRepo.insertBkashPayment(ctx.db, paymentID, attemptId, at.toISOString());
  await repo.setOpened(ctx.db, attemptId, paymentID, url);
  return { redirectUrl: url };
}

/** bKash sent the payer back: what the pay page tells them. */
export async function bkashCallback(ctx: MoneyContext, paymentID: string, status: 'success' | 'failure' | 'cancel'): Promise<PayResult> {
  const payment = await bkashRepo.findBkashPayment(ctx.db, paymentID);
  const attempt = payment && (await repo.findGatewayPayment(ctx.db, payment.attempt_id));
  if (!attempt) return 'failed';
  // A replayed or repeated callback: the payment is recorded already, nothing is executed again.
  if (attempt.state === 'paid') return 'paid';
  const at = clockOf(ctx)();
  if (status === 'cancel') {
    await settleUnpaid(ctx.db, attempt.id, 'cancelled', at);
    return 'cancelled';
  }
  if (status === 'failure') {
    await settleUnpaid(ctx.db, attempt.id, 'failed', at);
    return 'failed';
  }
  const client = clientOf(ctx);
  if (!client) return 'pending';
  const outcome = await execute(ctx, client, attempt, paymentID);
  if (outcome === 'busy') return waitForSettlement(ctx, attempt.id);
  // bKash could not say yet: the reconciling job asks again soon rather than at its first turn.
  if (outcome === 'pending') await repo.setNextCheck(ctx.db, attempt.id, new Date(at.getTime() + 60_000).toISOString());
  return outcome;
}

/** Someone else is executing this payment (a doubled callback): its outcome, once the attempt shows it. */
async function waitForSettlement(ctx: MoneyContext, attemptId: string): Promise<PayResult> {
  const deadline = Date.now() + BKASH_LIMITS.executeTimeoutMs + 5_000;
  while (Date.now() < deadline) {
    const attempt = await repo.findGatewayPayment(ctx.db, attemptId);
    if (attempt && attempt.state !== 'started') return attempt.state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'pending';
}

type Attempt = repo.GatewayPaymentRow;

/**
 * Executes an authorised payment, once at a time, and settles the attempt from the answer. No
 * answer in time (or "already executed") is the one case the payment's status is asked.
 */
async function execute(ctx: MoneyContext, client: BkashClient, attempt: Attempt, paymentID: string): Promise<PayResult | 'busy'> {
  const at = clockOf(ctx)();
  const staleBefore = new Date(at.getTime() - 2 * BKASH_LIMITS.executeTimeoutMs).toISOString();
  if (!(await bkashRepo.claimExecute(ctx.db, paymentID, at.toISOString(), staleBefore))) return 'busy';
  const answer = await client.execute(paymentID);
  if (answer.answered && statusOf(answer.body) === '0000' && text(answer.body, 'transactionStatus') === 'Completed') {
    return settleCompleted(ctx, attempt, answer.body);
  }
  if (!answer.answered || ALREADY_EXECUTED.has(statusOf(answer.body) ?? '')) {
    return settleFromStatus(ctx, attempt, await client.query(paymentID), false);
  }
  await settleUnpaid(ctx.db, attempt.id, 'failed', at);
  return 'failed';
}

/**
 * bKash says the money moved: recorded when its invoice is the attempt's, in the amount bKash
 * says (another amount than asked is marked for staff, ADR 0095).
 */
async function settleCompleted(ctx: MoneyContext, attempt: Attempt, body: Record<string, unknown>): Promise<PayResult> {
  const at = clockOf(ctx)();
  const trxID = text(body, 'trxID');
  const amount = paisaOf(text(body, 'amount'));
  if (!trxID || amount === null || amount <= 0 || text(body, 'merchantInvoiceNumber') !== attempt.id) {
    // Not this attempt's payment: staff settle it with bKash's merchant panel.
    ctx.log?.error({ attemptId: attempt.id }, 'bKash completed a payment that does not match its attempt; it was not recorded');
    await settleUnpaid(ctx.db, attempt.id, 'failed', at);
    return 'failed';
  }
  await settlePaid(ctx.db, {
    attemptId: attempt.id,
    gatewayTrxId: trxID,
    confirmedMinor: amount,
    issuedOn: todayIn(ctx.config.APP_TIMEZONE, at),
    at,
  });
  return 'paid';
}

/**
 * Settles from the payment's status. A payment the payer authorised but nobody executed (they
 * closed the tab before bKash brought them back) is executed now when `mayExecute`: bKash accepts
 * execute until the payment expires.
 */
async function settleFromStatus(ctx: MoneyContext, attempt: Attempt, status: BkashAnswer, mayExecute: boolean): Promise<PayResult> {
  if (!status.answered || statusOf(status.body) !== '0000') return 'pending';
  const state = text(status.body, 'transactionStatus');
  if (state === 'Completed') return settleCompleted(ctx, attempt, status.body);
  if (state === 'Initiated' || state === 'Authorized') {
    const authorised = state === 'Authorized' || text(status.body, 'userVerificationStatus') === 'Complete';
    const client = clientOf(ctx);
    if (!mayExecute || !authorised || !client) return 'pending';
    const outcome = await execute(ctx, client, attempt, attempt.gateway_ref!);
    return outcome === 'busy' ? 'pending' : outcome;
  }
  await settleUnpaid(ctx.db, attempt.id, 'failed', clockOf(ctx)());
  return 'failed';
}

/** The reconciling job's question about an attempt nobody settled. */
export const checkBkashAttempt: CheckAttempt = async (ctx, attempt) => {
  const at = clockOf(ctx)();
  // bKash never created it: nothing can have been paid.
  if (!attempt.gateway_ref) return (await settleUnpaid(ctx.db, attempt.id, 'failed', at), 'settled');
  const client = clientOf(ctx);
  if (!client) return 'pending';
  const outcome = await settleFromStatus(ctx, attempt, await client.query(attempt.gateway_ref), true);
  return outcome === 'pending' ? 'pending' : 'settled';
};

/** A refund, part or all of a payment, through bKash's refund API; answers bKash's refund transaction id. */
export const refundThroughBkash: RefundThroughGateway = async (ctx, refund) => {
  const client = clientOf(ctx);
  if (!client || !refund.gatewayRef) throw conflict(MONEY_TEXTS.gatewayRefundUnavailable);
  const answer = await client.refund({
    paymentID: refund.gatewayRef,
    trxID: refund.gatewayTrxId,
    amountMinor: refund.amountMinor,
    sku: refund.refundId,
    reason: refund.reason,
  });
  // No answer: bKash may or may not have refunded; its refund status tells later (ADR 0095).
  if (!answer.answered) return null;
  const refundTrxID = text(answer.body, 'refundTrxID');
  if (!refundTrxID || text(answer.body, 'transactionStatus') !== 'Completed')
    throw new HttpError(502, T.refundRefused(wordsOf(answer.body)));
  return refundTrxID;
};

/** bKash's refund status: the newest refund of the payment, or 'none' when bKash answers it made none. */
export const bkashRefundStatus: RefundStatus = async (ctx, payment) => {
  const client = clientOf(ctx);
  if (!client || !payment.gatewayRef) return 'unknown';
  const answer = await client.refundStatus({ paymentID: payment.gatewayRef, trxID: payment.gatewayTrxId });
  if (!answer.answered) return 'unknown';
  const ref = text(answer.body, 'refundTrxID');
  const amountMinor = paisaOf(text(answer.body, 'amount'));
  const completed = statusOf(answer.body) === '0000' && text(answer.body, 'transactionStatus') === 'Completed';
  return completed && ref && amountMinor !== null ? { ref, amountMinor } : 'none';
};
