// Drill: PAYMENTS payments by payment link through the fake SSLCommerz and fake bKash (real HTTP on
// 127.0.0.1), half each, every one with its trouble: the payer's tab closed before the return, the
// IPN twice, the IPN late after the return, the IPN lost (the reconciling job's check finds the
// payment), bKash's callback twice at once, execute never answering (the one status query), the
// tab closed after the payer authorised (the check executes it); every third payer presses the
// pay button twice and must be sent to the same page. At the end every application's
// ledger is read: exactly one payment each (0 lost, 0 twice), nothing owed, one receipt each, the
// receipt numbers without gaps. SQLite by default; TEST_DB=postgres with TEST_DATABASE_URL runs
// it on a fresh PostgreSQL database.
//   npx vitest run --config bench/drills/payments.config.ts
//   PAYMENTS=200 npx vitest run --config bench/drills/payments.config.ts
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runPaymentChecks } from '../../apps/api/src/modules/domain/payments/payment-checks.js';
import type { BkashFake } from '@visa/test-support/bkash-fake';
import { type PaymentFakes, owingWithLink, startPaymentFakes } from '@visa/test-support/payment-links';
import type { SslcommerzFake } from '@visa/test-support/sslcommerz-fake';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

const PAYMENTS = Number(process.env.PAYMENTS ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
let now = new Date('2027-01-12T04:00:00.000Z');
let t: TestApp;
let ssl: SslcommerzFake;
let bkash: BkashFake;
let fakes: PaymentFakes;
let pressedTwice = 0;

beforeAll(async () => {
  fakes = await startPaymentFakes();
  ssl = fakes.sslcommerz;
  bkash = fakes.bkash;
  t = await createTestApp(
    {
      ...fakes.env,
      APP_TIMEZONE: 'Asia/Dhaka',
      PUBLIC_URL: 'https://visa.example.com',
      // Each payer from an address of their own, as on the internet: the pay routes limit per address.
      TRUST_PROXY: '1',
    },
    { now: () => now },
  );
});
afterAll(async () => {
  await t?.close();
  await fakes?.close();
});

/** An application owing `dueMinor` with a live payment link; its id and the link's token. */
const owing = async (dueMinor: number) => {
  const file = await owingWithLink(t.db, dueMinor, now);
  return { id: file.applicationId, token: file.token };
};

/** The payer's own address: one per file, from a documentation range. */
const payerAddress = (i: number) => `198.18.${(i >> 8) & 255}.${i & 255}`;

const startPay = async (gateway: 'sslcommerz' | 'bkash', token: string, i: number) => {
  const press = () =>
    t.request({
      method: 'POST',
      url: `/api/pay/${gateway}`,
      token,
      payload: { language: 'en' },
      headers: { 'x-forwarded-for': payerAddress(i) },
    });
  const res = await press();
  if (res.statusCode !== 200) throw new Error(`start ${gateway}: ${res.statusCode} ${res.body}`);
  const page = res.json<{ redirectUrl: string }>().redirectUrl;
  // Every third payer presses the button twice: the second start sends them to the same page.
  if (i % 3 === 0) {
    const again = await press();
    if (again.statusCode !== 200 || again.json<{ redirectUrl: string }>().redirectUrl !== page)
      throw new Error(`a second start on one link opened another page: ${again.statusCode}`);
    pressedTwice += 1;
  }
  return new URL(page);
};
const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const attemptOfRef = async (ref: string) =>
  (await t.db.selectFrom('gateway_payments').select('id').where('gateway_ref', '=', ref).executeTakeFirstOrThrow()).id;

const SSL_TROUBLES = ['return-then-ipn', 'tab-closed', 'ipn-twice', 'late-ipn', 'ipn-lost'] as const;
const BKASH_TROUBLES = ['callback', 'callback-twice', 'execute-hangs', 'tab-closed'] as const;
const seen: Record<string, number> = {};

async function paySslcommerz(i: number, token: string) {
  const trouble = SSL_TROUBLES[(i >> 1) % SSL_TROUBLES.length]!;
  seen[`sslcommerz ${trouble}`] = (seen[`sslcommerz ${trouble}`] ?? 0) + 1;
  const page = await startPay('sslcommerz', token, i);
  const attemptId = await attemptOfRef(page.searchParams.get('SESSIONKEY')!);
  const paid = ssl.pay(attemptId);
  const back = () => form('/api/pay/sslcommerz/return/success?lang=en', paid);
  const ipn = () => form('/api/pay/sslcommerz/ipn', paid);
  if (trouble === 'return-then-ipn') await Promise.all([back(), ipn()]);
  if (trouble === 'tab-closed') await ipn();
  if (trouble === 'ipn-twice') await Promise.all([ipn(), ipn(), back()]);
  if (trouble === 'late-ipn') {
    await back();
    await ipn();
  }
  // 'ipn-lost': neither arrives; the reconciling job asks SSLCommerz.
}

async function payBkash(i: number, token: string) {
  const trouble = BKASH_TROUBLES[(i >> 1) % BKASH_TROUBLES.length]!;
  seen[`bkash ${trouble}`] = (seen[`bkash ${trouble}`] ?? 0) + 1;
  const page = await startPay('bkash', token, i);
  const paymentID = page.searchParams.get('paymentId')!;
  bkash.authorise(paymentID);
  const callback = () => t.request({ method: 'GET', url: bkash.callbackPath(paymentID, 'success') });
  if (trouble === 'callback') await callback();
  if (trouble === 'callback-twice') await Promise.all([callback(), callback()]);
  if (trouble === 'execute-hangs') {
    // Only this payment's execute hangs: the others keep their own answers.
    bkash.failures.executeHangs = true;
    try {
      await callback();
    } finally {
      bkash.failures.executeHangs = false;
    }
  }
  // 'tab-closed': the payer authorised, the browser never came back; the job's check executes it.
}

it(`records each of ${PAYMENTS} troubled payments once`, async () => {
  const started = performance.now();
  const files = [];
  for (let i = 0; i < PAYMENTS; i++) files.push(await owing(10_000 + i));
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < PAYMENTS; i = next++) {
      const file = files[i]!;
      // execute-hangs flips a switch the fake shares: those payments go one at a time below.
      if (i % 2 === 1 && BKASH_TROUBLES[(i >> 1) % BKASH_TROUBLES.length] === 'execute-hangs') continue;
      await (i % 2 === 0 ? paySslcommerz(i, file.token) : payBkash(i, file.token));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  for (let i = 1; i < PAYMENTS; i += 2)
    if (BKASH_TROUBLES[(i >> 1) % BKASH_TROUBLES.length] === 'execute-hangs') await payBkash(i, files[i]!.token);

  // The reconciling job, a minute and then ten minutes on, finds what nobody reported.
  const checks = [];
  for (const minutes of [1, 11, 21]) {
    now = new Date(now.getTime() + minutes * 60_000);
    for (;;) {
      const run = await runPaymentChecks({ db: t.db, config: t.config, now: () => now }, now);
      checks.push(run);
      if (run.checked === 0) break;
    }
  }
  // Late IPNs for payments the job already recorded: nothing more is recorded.
  for (let i = 0; i < PAYMENTS; i += 2)
    if (SSL_TROUBLES[(i >> 1) % SSL_TROUBLES.length] === 'ipn-lost') {
      const attempt = await t.db
        .selectFrom('gateway_payments')
        .select('id')
        .where('application_id', '=', files[i]!.id)
        .executeTakeFirstOrThrow();
      await form('/api/pay/sslcommerz/ipn', ssl.pay(attempt.id));
    }

  const payments = await t.db.selectFrom('ledger_entries').select(['application_id']).where('kind', '=', 'payment').execute();
  const perFile = new Map<string, number>();
  for (const p of payments) perFile.set(p.application_id, (perFile.get(p.application_id) ?? 0) + 1);
  const lost = files.filter((f) => !perFile.has(f.id)).length;
  const twice = [...perFile.values()].filter((n) => n > 1).length;
  const owingAfter = await t.db.selectFrom('application_balances').select('application_id').where('due_minor', '<>', 0).execute();
  const numbers = (await t.db.selectFrom('receipts').select('number').orderBy('number').execute()).map((r) => r.number);
  const report = {
    payments: PAYMENTS,
    recorded: payments.length,
    lost,
    twice,
    owing: owingAfter.length,
    receipts: numbers.length,
    gaplessReceipts: numbers.every((n, i) => n === i + 1),
    executes: bkash.counts.execute,
    statusQueries: bkash.counts.query,
    validations: ssl.validations,
    byTrouble: seen,
    pressedTwice,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
  console.log(JSON.stringify(report, null, 2));
  expect({ lost, twice, owing: owingAfter.length, receipts: numbers.length, gapless: report.gaplessReceipts }).toEqual({
    lost: 0,
    twice: 0,
    owing: 0,
    receipts: PAYMENTS,
    gapless: true,
  });
});
