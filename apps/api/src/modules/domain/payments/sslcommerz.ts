import { API_PATHS } from '@visa/shared/api-paths';
import type { PayResult } from '@visa/shared/pay-page';
import { type PayLanguage, SSLCOMMERZ_TEXTS as T } from '@visa/shared/sslcommerz';
import type { AppContext } from '../../../context.js';
import {
  SslcommerzUnreachable,
  createSession,
  signedFields,
  sslcommerzStore,
  takaText,
} from '../../../infra/payment-gateways/sslcommerz.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, badRequest, conflict, notFound } from '../../../lib/http-error.js';
import * as repo from './repository.js';
import { confirmPaid, markUnpaid, sslcommerzAttempt } from './sslcommerz-settle.js';
import { givenNameOf } from './sslcommerz-repository.js';
import type { OpenPayLink } from './pay-links.js';
import { openAttempt, settleUnpaid } from './service.js';

/**
 * Paying a payment link through SSLCommerz (ADR 0089). The payer's page starts an attempt for what
 * is due and goes to SSLCommerz's hosted page; SSLCommerz sends the payer back (success, fail or
 * cancel) and notifies the IPN address. Each is believed only with SSLCommerz's signature, and a
 * payment only once the validation API confirmed it.
 */

type MoneyContext = Pick<AppContext, 'db' | 'config' | 'now'>;

/** SSLCommerz takes 10 to 500,000 taka in one payment. */
const MIN_MINOR = 10_00;
const MAX_MINOR = 500_000_00;
/** When the reconciling job first asks about an attempt nobody settled: SSLCommerz's page is open about this long. */
const FIRST_CHECK_MS = 15 * 60_000;

const address = (publicUrl: string, path: string) => `${publicUrl.replace(/\/$/, '')}${path}`;
const returnPath = (outcome: string) => API_PATHS.sslcommerzReturn.path.replace(':outcome', outcome);

/**
 * The session's fields. SSLCommerz requires a customer's name, email, phone and address: it is sent
 * the applicant's first name and neutral placeholders, never their email, phone or address (ADR 0089).
 */
function sessionFields(ctx: MoneyContext, attemptId: string, amountMinor: number, firstName: string, language: PayLanguage) {
  const publicUrl = ctx.config.publicUrl;
  const back = (outcome: string) => address(publicUrl, `${returnPath(outcome)}?lang=${language}`);
  return {
    total_amount: takaText(amountMinor),
    currency: 'BDT',
    tran_id: attemptId,
    success_url: back('success'),
    fail_url: back('fail'),
    cancel_url: back('cancel'),
    ipn_url: address(publicUrl, API_PATHS.sslcommerzIpn.path),
    cus_name: firstName.slice(0, 50) || 'Applicant',
    cus_email: `no-reply@${new URL(publicUrl).hostname}`,
    cus_phone: '01700000000',
    cus_add1: 'Dhaka',
    cus_city: 'Dhaka',
    cus_postcode: '1000',
    cus_country: 'Bangladesh',
    shipping_method: 'NO',
    num_of_item: '1',
    product_name: 'Visa application fees',
    product_category: 'Service',
    product_profile: 'non-physical-goods',
  };
}

/** Starts an attempt for what the link's application owes and answers SSLCommerz's page for it. */
export async function startSslcommerz(ctx: MoneyContext, link: OpenPayLink, language: PayLanguage): Promise<{ redirectUrl: string }> {
  const store = sslcommerzStore(ctx.config);
  if (!store) throw notFound(T.off);
  const at = clockOf(ctx)();
  const due = link.dueMinor;
  if (due < MIN_MINOR) throw conflict(T.tooSmall);
  if (due > MAX_MINOR) throw conflict(T.tooLarge);

  const opening = await openAttempt(ctx.db, {
    gateway: 'sslcommerz',
    linkId: link.linkId,
    applicationId: link.applicationId,
    amountMinor: due,
    at,
    checkAt: new Date(at.getTime() + FIRST_CHECK_MS),
    reuseForMs: FIRST_CHECK_MS,
  });
  if ('redirectUrl' in opening) return opening;
  const { attemptId } = opening;
  const firstName = await givenNameOf(ctx.db, link.applicationId);
  let answer;
  try {
    answer = await createSession(store, sessionFields(ctx, attemptId, due, firstName, language));
  } catch (err) {
    if (!(err instanceof SslcommerzUnreachable)) throw err;
    // Nobody holds the page's address, so nobody can pay this attempt.
    await settleUnpaid(ctx.db, attemptId, 'failed', at);
    throw new HttpError(502, T.gatewayUnreachable);
  }
  if (!answer.ok) {
    await settleUnpaid(ctx.db, attemptId, 'failed', at);
    throw new HttpError(502, T.gatewayRefused);
  }
  await repo.setOpened(ctx.db, attemptId, answer.sessionKey || null, answer.gatewayPageUrl);
  return { redirectUrl: answer.gatewayPageUrl };
}

/** The fields SSLCommerz signed, when the form carries its signature over all of `needed`. */
function signedOver(ctx: MoneyContext, form: Record<string, string>, needed: string[]): boolean {
  const store = sslcommerzStore(ctx.config);
  const signed = store && signedFields(store.password, form);
  return !!signed && needed.every((name) => signed.has(name));
}

/** What the attempt's state tells the payer. */
async function resultOf(ctx: MoneyContext, attemptId: string, otherwise: PayResult): Promise<PayResult> {
  const state = (await repo.findGatewayPayment(ctx.db, attemptId))?.state;
  return state === 'paid' || state === 'failed' || state === 'cancelled' ? state : otherwise;
}

/**
 * The payer's browser back from SSLCommerz's page: the result for the pay page. A form without
 * SSLCommerz's signature changes nothing; a success is recorded once the validation API confirms it.
 */
export async function returnFromSslcommerz(
  ctx: MoneyContext,
  outcome: 'success' | 'fail' | 'cancel',
  form: Record<string, string>,
): Promise<PayResult> {
  const attempt = await sslcommerzAttempt(ctx, form.tran_id);
  if (!attempt) return outcome === 'cancel' ? 'cancelled' : 'failed';
  if (outcome === 'success') {
    if (signedOver(ctx, form, ['tran_id', 'val_id']) && form.val_id) await confirmPaid(ctx, attempt, form.val_id);
    return resultOf(ctx, attempt.id, 'pending');
  }
  if (signedOver(ctx, form, ['tran_id'])) await markUnpaid(ctx, attempt, outcome === 'cancel' ? 'cancelled' : 'failed');
  return resultOf(ctx, attempt.id, outcome === 'cancel' ? 'cancelled' : 'failed');
}

/** The pay page's address for a result, in the payer's language; it names no one. */
export const payPageAddress = (ctx: MoneyContext, language: PayLanguage, result: PayResult) =>
  address(ctx.config.publicUrl, `${language === 'bn' ? '/bn' : ''}/pay?result=${result}`);

/**
 * SSLCommerz's IPN: refused (400) without its signature; a VALID payment is confirmed with the
 * validation API and recorded once, a FAILED or CANCELLED one settles the attempt unpaid.
 */
export async function acceptSslcommerzIpn(ctx: MoneyContext, form: Record<string, string>): Promise<void> {
  if (!signedOver(ctx, form, ['tran_id', 'status'])) throw badRequest(T.badSignature);
  const attempt = await sslcommerzAttempt(ctx, form.tran_id);
  if (!attempt) return;
  const status = form.status!.toUpperCase();
  if (status === 'VALID' || status === 'VALIDATED') {
    if (form.val_id && signedOver(ctx, form, ['val_id'])) await confirmPaid(ctx, attempt, form.val_id);
  } else if (status === 'FAILED' || status === 'CANCELLED') {
    await markUnpaid(ctx, attempt, status === 'CANCELLED' ? 'cancelled' : 'failed');
  }
}
