import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * SSLCommerz's API, version 4 (ADR 0089): the session that sends the payer to its hosted page, the
 * validation API every "paid" is checked with, the transaction query by our transaction id, and the
 * refund call. Its official Node package cannot be pointed at another address for every call and
 * sends the store password as `undefined` to the validation API, so the few calls are written here
 * with plain fetch. The store password travels in the query of the GET calls, as SSLCommerz asks:
 * no address of these calls is ever logged or put into an error, and errors name only what failed.
 */

export interface SslcommerzStore {
  storeId: string;
  password: string;
  apiUrl: string;
  timeoutMs: number;
}

/** The variables config.ts reads for SSLCommerz. */
export interface SslcommerzEnv {
  SSLCOMMERZ_STORE_ID?: string | undefined;
  SSLCOMMERZ_STORE_PASSWORD?: string | undefined;
  SSLCOMMERZ_API_URL: string;
  SSLCOMMERZ_TIMEOUT_MS: number;
}

/** The store the environment configures; null while SSLCOMMERZ_STORE_ID and its password are unset (the gateway is off). */
export function sslcommerzStore(config: SslcommerzEnv): SslcommerzStore | null {
  if (!config.SSLCOMMERZ_STORE_ID || !config.SSLCOMMERZ_STORE_PASSWORD) return null;
  return {
    storeId: config.SSLCOMMERZ_STORE_ID,
    password: config.SSLCOMMERZ_STORE_PASSWORD,
    apiUrl: config.SSLCOMMERZ_API_URL.replace(/\/$/, ''),
    timeoutMs: config.SSLCOMMERZ_TIMEOUT_MS,
  };
}

/** No usable answer (time-out, network error, 5xx, an empty or unreadable body): ask again later. */
export class SslcommerzUnreachable extends Error {}

/** Paisa as the decimal taka SSLCommerz reads ("2500.05"), with integer arithmetic. */
export const takaText = (minor: number): string => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** An amount SSLCommerz wrote in taka ("2500", "2500.5", "2500.05") in paisa; null for anything else. */
function paisaOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2})0*)?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * SSLCommerz's signature of what it posts to the IPN and return addresses: the md5 of the fields
 * `verify_key` names plus `store_passwd` (the md5 of the store password), sorted by name and joined
 * as `key=value&…`. Only the names it lists are believed, so the caller checks the fields it uses
 * are among them (signedFields).
 */
export function signedFields(password: string, form: Record<string, string>): Set<string> | null {
  const sign = form.verify_sign;
  const names = (form.verify_key ?? '').split(',').filter((name) => name && name in form && name !== 'store_passwd');
  if (!sign || names.length === 0) return null;
  const signed: [string, string][] = [...names.map((name): [string, string] => [name, form[name]!]), ['store_passwd', md5(password)]];
  signed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const expected = md5(signed.map(([k, v]) => `${k}=${v}`).join('&'));
  const given = sign.toLowerCase();
  if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  return new Set(names);
}

async function call(store: SslcommerzStore, path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(`${store.apiUrl}${path}`, { ...init, redirect: 'error', signal: AbortSignal.timeout(store.timeoutMs) });
    body = await response.text();
  } catch (err) {
    // Neither the address (the password is in its query) nor fetch's error goes further.
    throw new SslcommerzUnreachable((err as Error).name === 'TimeoutError' ? 'SSLCommerz timed out' : 'SSLCommerz could not be reached');
  }
  if (response.status >= 500 || response.status === 429) throw new SslcommerzUnreachable(`SSLCommerz answered ${response.status}`);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new SslcommerzUnreachable(body.trim() === '' ? 'SSLCommerz gave an empty answer' : 'SSLCommerz gave an unreadable answer');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new SslcommerzUnreachable('SSLCommerz gave an unreadable answer');
  return json as Record<string, unknown>;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const query = (store: SslcommerzStore, fields: Record<string, string>) =>
  new URLSearchParams({ ...fields, store_id: store.storeId, store_passwd: store.password, v: '1', format: 'json' }).toString();

export type SessionAnswer = { ok: true; sessionKey: string; gatewayPageUrl: string } | { ok: false; reason: string };

/** Creates the payment session; `fields` are everything but the store's credentials. */
export async function createSession(store: SslcommerzStore, fields: Record<string, string>): Promise<SessionAnswer> {
  const form = new URLSearchParams({ ...fields, store_id: store.storeId, store_passwd: store.password });
  const json = await call(store, '/gwprocess/v4/api.php', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const url = text(json.GatewayPageURL);
  if (text(json.status).toUpperCase() === 'SUCCESS' && /^https?:\/\//i.test(url)) {
    return { ok: true, sessionKey: text(json.sessionkey), gatewayPageUrl: url };
  }
  return { ok: false, reason: text(json.failedreason).slice(0, 200) || 'no reason given' };
}

/** What SSLCommerz says of one payment, from the validation API or the transaction query. */
export interface PaymentAnswer {
  /** VALID or VALIDATED when the money moved; INVALID_TRANSACTION, PENDING, FAILED, CANCELLED… otherwise. */
  status: string;
  tranId: string;
  valId: string;
  amountMinor: number | null;
  currency: string;
  bankTranId: string;
}

const paymentOf = (json: Record<string, unknown>): PaymentAnswer => ({
  status: text(json.status).toUpperCase(),
  tranId: text(json.tran_id),
  valId: text(json.val_id),
  amountMinor: paisaOf(json.amount),
  currency: text(json.currency_type) || text(json.currency),
  bankTranId: text(json.bank_tran_id),
});

export const isPaidStatus = (status: string) => status === 'VALID' || status === 'VALIDATED';

/** The validation API: what SSLCommerz itself says of the payment a val_id names. */
export async function validatePayment(store: SslcommerzStore, valId: string): Promise<PaymentAnswer> {
  return paymentOf(await call(store, `/validator/api/validationserverAPI.php?${query(store, { val_id: valId })}`));
}

/** The transaction query: every payment SSLCommerz holds for our transaction id (none when the payer never paid). */
export async function queryTransaction(store: SslcommerzStore, tranId: string): Promise<PaymentAnswer[]> {
  const json = await call(store, `/validator/api/merchantTransIDvalidationAPI.php?${query(store, { tran_id: tranId })}`);
  if (text(json.APIConnect) !== 'DONE') throw new SslcommerzUnreachable('SSLCommerz refused the transaction query');
  const elements = Array.isArray(json.element) ? json.element : [];
  return elements.filter((e): e is Record<string, unknown> => e !== null && typeof e === 'object').map(paymentOf);
}

export interface RefundRequest {
  bankTranId: string;
  amountMinor: number;
  remarks: string;
  /** Our id for the refund (refe_id). */
  referenceId: string;
}

export type RefundAnswer = { ok: true; refundRefId: string } | { ok: false; reason: string };

/** The refund call: SSLCommerz accepts it ('success' or 'processing') or says why not. */
export async function requestRefund(store: SslcommerzStore, refund: RefundRequest): Promise<RefundAnswer> {
  const json = await call(
    store,
    `/validator/api/merchantTransIDvalidationAPI.php?${query(store, {
      bank_tran_id: refund.bankTranId,
      refund_amount: takaText(refund.amountMinor),
      refund_remarks: refund.remarks.slice(0, 250),
      refe_id: refund.referenceId,
    })}`,
  );
  const status = text(json.status).toLowerCase();
  if (text(json.APIConnect) === 'DONE' && (status === 'success' || status === 'processing') && text(json.refund_ref_id)) {
    return { ok: true, refundRefId: text(json.refund_ref_id) };
  }
  return { ok: false, reason: text(json.errorReason).slice(0, 200) || text(json.APIConnect) || 'no reason given' };
}
