import { afterAll, beforeAll } from 'vitest';
import { owingWithLink as owing } from '@visa/test-support/payment-links';
import { FAKE_STORE, type SslcommerzFake, startSslcommerzFake } from '@visa/test-support/sslcommerz-fake';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import * as ledger from '../../src/modules/domain/ledger/repository.js';

/**
 * One app and one fake SSLCommerz per test file (ADR 0089), the app's clock in the test's hands.
 */

export const PUBLIC_URL = 'https://visa.example.com';
export const clock = { now: new Date('2027-01-12T04:00:00.000Z') };

export interface Harness {
  t: TestApp;
  fake: SslcommerzFake;
}

export function sslcommerzHarness(): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    h.fake = await startSslcommerzFake();
    h.t = await createTestApp(
      {
        APP_TIMEZONE: 'Asia/Dhaka',
        PUBLIC_URL,
        SSLCOMMERZ_STORE_ID: FAKE_STORE.id,
        SSLCOMMERZ_STORE_PASSWORD: FAKE_STORE.password,
        SSLCOMMERZ_API_URL: h.fake.url,
        SSLCOMMERZ_TIMEOUT_MS: '1000',
      },
      { now: () => clock.now },
    );
  });
  afterAll(async () => {
    await h.t?.close();
    await h.fake?.close();
  });
  return h;
}

/** An application owing `dueMinor` with a live payment link; answers its id and the link's token. */
export const owingWithLink = (t: TestApp, dueMinor: number) => owing(t.db, dueMinor, clock.now, { given_name: 'Karim', surname: 'Rahman' });

export const start = (t: TestApp, token: string | undefined, language?: 'en' | 'bn') =>
  t.request({ method: 'POST', url: '/api/pay/sslcommerz', token, payload: language ? { language } : {} });

/** Starts paying and answers the attempt's id (SSLCommerz's tran_id). */
export async function startedAttempt(h: Harness, token: string, language?: 'en' | 'bn'): Promise<string> {
  const res = await start(h.t, token, language);
  if (res.statusCode !== 200) throw new Error(`start answered ${res.statusCode} ${res.body}`);
  const sessionKey = new URL(res.json<{ redirectUrl: string }>().redirectUrl).searchParams.get('SESSIONKEY');
  const attempt = await h.t.db.selectFrom('gateway_payments').select('id').where('gateway_ref', '=', sessionKey).executeTakeFirstOrThrow();
  return attempt.id;
}

/** SSLCommerz's form post, as it arrives from its servers or the payer's browser: no XSRF cookie. */
const post = (t: TestApp, url: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

export const ipn = (t: TestApp, form: Record<string, string>) => post(t, '/api/pay/sslcommerz/ipn', form);
export const back = (t: TestApp, outcome: string, form: Record<string, string>, lang = 'en') =>
  post(t, `/api/pay/sslcommerz/return/${outcome}?lang=${lang}`, form);

/** The payments recorded on an application, and its balance. */
export async function moneyOf(t: TestApp, applicationId: string) {
  const entries = await ledger.listEntries(t.db, applicationId);
  return {
    payments: entries.filter((e) => e.kind === 'payment').length,
    receipts: (await ledger.receiptsOf(t.db, applicationId)).length,
    due: await ledger.balanceOf(t.db, applicationId),
  };
}

export const stateOf = async (t: TestApp, attemptId: string) =>
  (await t.db.selectFrom('gateway_payments').select('state').where('id', '=', attemptId).executeTakeFirstOrThrow()).state;
