import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerSchema, MONEY_RACE_TEXTS, MONEY_TEXTS } from '@visa/shared/money';
import { BKASH_TEXTS } from '@visa/shared/pay-bkash';
import { PAY_LINK_NOT_VALID } from '@visa/shared/pay-page';
import { type BkashFake, FAKE_BKASH } from '@visa/test-support/bkash-fake';
import { type Staff, loggingTwin } from '@visa/test-support/file-app';
import { type PaymentFakes, owingWithLink, startPaymentFakes } from '@visa/test-support/payment-links';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { loadConfig } from '../../src/config.js';
import { startBkashPayment } from '../../src/modules/domain/payments/bkash.js';
import { PAYMENT_GATEWAYS } from '../../src/modules/domain/payments/gateways.js';
import { runPaymentChecks } from '../../src/modules/domain/payments/payment-checks.js';

// A payer pays a payment link through bKash's tokenized checkout, against a fake bKash on loopback.
let now = new Date('2027-01-12T04:00:00.000Z');
const clock = () => now;
let fakes: PaymentFakes;
let fake: BkashFake;
let t: TestApp;
let clerk: Staff;
let owner: Staff;

beforeAll(async () => {
  fakes = await startPaymentFakes();
  fake = fakes.bkash;
  t = await createTestApp({ ...fakes.env, APP_TIMEZONE: 'Asia/Dhaka' }, { now: clock });
  clerk = await t.createStaff('admin');
  owner = await t.createStaff('superadmin');
});
afterAll(async () => {
  await t.close();
  await fakes.close();
});

/** A file that owes `dueMinor` and a live payment link to it. */
const owing = async (dueMinor: number) => {
  const file = await owingWithLink(t.db, dueMinor, now);
  return { id: file.applicationId, token: file.token };
};

const start = (token: string | undefined, payload: Record<string, unknown> = {}, app: FastifyInstance | null = null) =>
  app
    ? app.inject({
        method: 'POST',
        url: '/api/pay/bkash',
        payload,
        headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': 'x' },
        cookies: { 'XSRF-TOKEN': 'x' },
      })
    : t.request({ method: 'POST', url: '/api/pay/bkash', payload, token });

/** Starts paying the file's balance; answers bKash's paymentID from the page the payer is sent to. */
async function startPaying(token: string, language = 'en') {
  const res = await start(token, { language });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL((res.json() as { redirectUrl: string }).redirectUrl);
  expect(url.href.startsWith(fake.url)).toBe(true);
  return url.searchParams.get('paymentId')!;
}

const callback = (paymentID: string, status: 'success' | 'failure' | 'cancel' = 'success') =>
  t.request({ method: 'GET', url: fake.callbackPath(paymentID, status) });
const ledgerOf = async (id: string) =>
  LedgerSchema.parse((await t.request({ method: 'GET', url: `/api/application/money/${id}`, token: clerk.token })).json());
const attemptOf = (paymentID: string) =>
  t.db.selectFrom('gateway_payments').selectAll().where('gateway_ref', '=', paymentID).executeTakeFirstOrThrow();
const counted = () => ({ ...fake.counts });
/** A real database failure on the refund's entry, on either engine. */
async function refuseRefundEntries(on: boolean) {
  const postgres = t.config.database.kind === 'postgres';
  if (!on) {
    await sql.raw(postgres ? 'DROP TRIGGER refuse_refunds ON ledger_entries' : 'DROP TRIGGER refuse_refunds').execute(t.db);
    return;
  }
  if (postgres) {
    await sql`CREATE OR REPLACE FUNCTION refuse_refund() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(
      t.db,
    );
    await sql`CREATE TRIGGER refuse_refunds BEFORE INSERT ON ledger_entries FOR EACH ROW WHEN (NEW.kind = 'refund') EXECUTE FUNCTION refuse_refund()`.execute(
      t.db,
    );
  } else {
    await sql`CREATE TRIGGER refuse_refunds BEFORE INSERT ON ledger_entries WHEN NEW.kind = 'refund' BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(
      t.db,
    );
  }
}
const refundOf = (id: string, paymentId: string, amountMinor: number) =>
  t.request({
    method: 'POST',
    url: `/api/application/money/${id}/entries/${paymentId}/refund`,
    payload: { amountMinor, reason: 'Biometrics not needed' },
    token: owner.token,
  });

describe('paying a payment link with bKash', () => {
  it('creates the payment for what is due, executes it when bKash sends the payer back, and records it once', async () => {
    const file = await owing(150_000);
    const paymentID = await startPaying(file.token, 'bn');
    const created = fake.payment(paymentID)!;
    expect(created).toMatchObject({ amount: '1500.00', invoice: (await attemptOf(paymentID)).id });
    expect(created.callbackURL).toMatch(/\/api\/pay\/bkash\/callback\/bn$/);

    fake.authorise(paymentID);
    const before = counted();
    const back = await callback(paymentID);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/bn/pay?result=paid');
    const ledger = await ledgerOf(file.id);
    expect(ledger.balanceMinor).toBe(0);
    expect(ledger.entries[1]).toMatchObject({ kind: 'payment', method: 'bkash-checkout', bdtMinor: 150_000, methodRef: created.trxID });
    expect(ledger.entries[1]!.receipt).not.toBeNull();

    // The payer reloads, bKash's redirect is replayed, two arrive at once: nothing is executed or recorded again.
    const again = await Promise.all([callback(paymentID), callback(paymentID), callback(paymentID)]);
    expect(again.map((r) => r.headers.location)).toEqual(Array(3).fill('/bn/pay?result=paid'));
    expect((await ledgerOf(file.id)).entries).toHaveLength(2);
    expect(fake.counts.execute - before.execute).toBe(1);
    expect(fake.counts.query - before.query).toBe(0);
    // Every call carried the grant token bKash gave once.
    expect(fake.counts.grant).toBe(1);
  });

  it('records a doubled callback once when both arrive before either finishes', async () => {
    const file = await owing(20_000);
    const paymentID = await startPaying(file.token);
    fake.authorise(paymentID);
    const before = counted();
    const both = await Promise.all([callback(paymentID), callback(paymentID)]);
    expect(both.map((r) => r.headers.location)).toEqual(['/pay?result=paid', '/pay?result=paid']);
    expect(fake.counts.execute - before.execute).toBe(1);
    expect((await ledgerOf(file.id)).paidMinor).toBe(20_000);
  });

  it('asks the status only when execute gives no answer in time, and records nothing bKash refused or changed', async () => {
    const late = await owing(30_000);
    const lateId = await startPaying(late.token);
    fake.authorise(lateId);
    fake.failures.executeHangs = true;
    let before = counted();
    expect((await callback(lateId)).headers.location).toBe('/pay?result=paid');
    fake.failures.executeHangs = false;
    expect(fake.counts.query - before.query).toBe(1);
    expect((await ledgerOf(late.id)).paidMinor).toBe(30_000);

    const refused = await owing(30_000);
    const refusedId = await startPaying(refused.token);
    fake.authorise(refusedId);
    fake.failures.executeError = '2023';
    before = counted();
    expect((await callback(refusedId)).headers.location).toBe('/pay?result=failed');
    fake.failures.executeError = null;
    expect(fake.counts.query - before.query).toBe(0);
    expect((await attemptOf(refusedId)).state).toBe('failed');

    const changed = await owing(30_000);
    const changedId = await startPaying(changed.token);
    fake.authorise(changedId);
    fake.failures.wrongAmount = true;
    // bKash took a taka less than asked: recorded as bKash says, marked for staff (ADR 0095).
    expect((await callback(changedId)).headers.location).toBe('/pay?result=paid');
    fake.failures.wrongAmount = false;
    expect((await ledgerOf(refused.id)).balanceMinor).toBe(30_000);
    const short = await ledgerOf(changed.id);
    expect([short.paidMinor, short.balanceMinor]).toEqual([29_900, 100]);
    expect(short.entries[1]!.description).toBe(MONEY_TEXTS.gatewayAmountDiffers(30_000, 29_900));

    const cancelled = await owing(30_000);
    const cancelledId = await startPaying(cancelled.token);
    expect((await callback(cancelledId, 'cancel')).headers.location).toBe('/pay?result=cancelled');
    expect((await attemptOf(cancelledId)).state).toBe('cancelled');
  });

  it('lets the reconciling job execute a payment the payer authorised before closing the tab', async () => {
    const check = PAYMENT_GATEWAYS['bkash-checkout'].check;
    const ctx = { db: t.db, config: t.config, now: clock };
    const closed = await owing(45_000);
    const closedId = await startPaying(closed.token);
    fake.authorise(closedId);
    const waiting = await owing(45_000);
    const waitingId = await startPaying(waiting.token);

    fake.failures.queryTooMany = true;
    let before = counted();
    expect(await check(ctx, await attemptOf(closedId))).toBe('pending');
    expect(fake.counts.execute - before.execute).toBe(0);
    fake.failures.queryTooMany = false;

    before = counted();
    expect(await check(ctx, await attemptOf(closedId))).toBe('settled');
    expect(await check(ctx, await attemptOf(waitingId))).toBe('pending');
    expect(fake.counts.query - before.query).toBe(2);
    expect(fake.counts.execute - before.execute).toBe(1);
    expect((await ledgerOf(closed.id)).paidMinor).toBe(45_000);
    expect((await attemptOf(waitingId)).state).toBe('started');
    // The payer comes back after all: the payment is recorded already.
    expect((await callback(closedId)).headers.location).toBe('/pay?result=paid');
    expect((await ledgerOf(closed.id)).entries).toHaveLength(2);
  });

  it('lets a start through the other gateway supersede the open attempt; paid both ways, the later is recorded as credit', async () => {
    const file = await owing(40_000);
    const paymentID = await startPaying(file.token);
    expect(await startPaying(file.token)).toBe(paymentID);
    const card = await t.request({ method: 'POST', url: '/api/pay/sslcommerz', token: file.token, payload: {} });
    expect(card.statusCode, card.body).toBe(200);
    const attempts = await t.db.selectFrom('gateway_payments').selectAll().where('application_id', '=', file.id).execute();
    expect(attempts.map((a) => [a.gateway, a.state, a.link_id !== null])).toEqual([
      ['bkash-checkout', 'started', false],
      ['sslcommerz', 'started', true],
    ]);
    const form = fakes.sslcommerz.pay(attempts[1]!.id);
    const ipn = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sslcommerz/ipn',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(ipn.statusCode).toBe(200);
    expect((await ledgerOf(file.id)).balanceMinor).toBe(0);
    // The payer finishes bKash's page too: the money moved, so it is recorded, and staff are told.
    fake.authorise(paymentID);
    expect((await callback(paymentID)).headers.location).toBe('/pay?result=paid');
    const ledger = await ledgerOf(file.id);
    expect([ledger.paidMinor, ledger.balanceMinor]).toEqual([80_000, -40_000]);
    expect(ledger.entries.at(-1)!.description).toBe(MONEY_TEXTS.gatewayOverpaid(40_000));
    const audit = await t.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'money.gateway_check')
      .where('entity_id', '=', file.id)
      .execute();
    expect(audit.map((a) => JSON.parse(a.details))).toEqual([expect.objectContaining({ paidMinor: 40_000, creditMinor: 40_000 })]);
  });

  it('refunds part of a bKash payment through bKash, and no more than is left', async () => {
    const file = await owing(100_000);
    const paymentID = await startPaying(file.token);
    fake.authorise(paymentID);
    await callback(paymentID);
    const payment = (await ledgerOf(file.id)).entries[1]!;
    const refund = (amountMinor: number) =>
      t.request({
        method: 'POST',
        url: `/api/application/money/${file.id}/entries/${payment.id}/refund`,
        payload: { amountMinor, reason: 'Biometrics not needed' },
        token: owner.token,
      });
    const part = await refund(40_000);
    expect(part.statusCode, part.body).toBe(200);
    expect(fake.payment(paymentID)!.refunded).toBe(40_000);
    const ledger = LedgerSchema.parse(part.json());
    expect(ledger.entries[2]).toMatchObject({ kind: 'refund', method: 'bkash-checkout', bdtMinor: 40_000 });
    expect(ledger.entries[2]!.methodRef).toMatch(/^[0-9A-F]{10}$/);
    expect(ledger.balanceMinor).toBe(40_000);
    const tooMuch = await refund(60_001);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(MONEY_TEXTS.refundTooLarge(60_000));
    expect(fake.counts.refund).toBe(1);
  });

  it("keeps a refund bKash did not answer as pending, then records it once or lets it go from bKash's refund status", async () => {
    const ctx = { db: t.db, config: t.config, now: clock };
    const paidFile = async () => {
      const file = await owing(60_000);
      const paymentID = await startPaying(file.token);
      fake.authorise(paymentID);
      await callback(paymentID);
      return { ...file, paymentID, paymentId: (await ledgerOf(file.id)).entries[1]!.id };
    };
    const made = await paidFile();
    const lost = await paidFile();
    for (const [file, silent] of [
      [made, 'made'],
      [lost, 'lost'],
    ] as const) {
      fake.failures.refundSilent = silent;
      const res = await refundOf(file.id, file.paymentId, 25_000);
      fake.failures.refundSilent = false;
      expect([res.statusCode, res.json().message]).toEqual([409, MONEY_RACE_TEXTS.refundInDoubt]);
      const ledger = await ledgerOf(file.id);
      expect([ledger.refundedMinor, ledger.pendingRefunds]).toEqual([
        0,
        [{ paymentId: file.paymentId, amountMinor: 25_000, since: now.toISOString() }],
      ]);
      // No second refund while bKash has not said.
      expect((await refundOf(file.id, file.paymentId, 1_000)).json().message).toBe(MONEY_RACE_TEXTS.refundUnderWay);
    }
    expect([fake.payment(made.paymentID)!.refunded, fake.payment(lost.paymentID)!.refunded]).toEqual([25_000, 0]);

    // bKash refunds and answers, but the ledger cannot take the entry (the database refuses refunds for now).
    const unwritten = await paidFile();
    await refuseRefundEntries(true);
    const failed = await refundOf(unwritten.id, unwritten.paymentId, 10_000);
    await refuseRefundEntries(false);
    expect([failed.statusCode, failed.json().message]).toEqual([409, MONEY_RACE_TEXTS.refundInDoubt]);
    expect((await ledgerOf(unwritten.id)).pendingRefunds).toHaveLength(1);
    const queries = fake.counts.refund;

    expect((await runPaymentChecks(ctx, now)).refunds).toEqual({ recorded: 2, released: 1, pending: 0 });
    // The refund bKash answered is written from its claim, without asking bKash again.
    expect(fake.counts.refund - queries).toBe(2);
    const written = await ledgerOf(unwritten.id);
    expect([written.refundedMinor, written.entries.at(-1)!.methodRef]).toEqual([
      10_000,
      fake.payment(unwritten.paymentID)!.refunds[0]!.refundTrxID,
    ]);
    expect((await runPaymentChecks(ctx, now)).refunds).toEqual({ recorded: 0, released: 0, pending: 0 });
    const recorded = await ledgerOf(made.id);
    expect([recorded.refundedMinor, recorded.pendingRefunds]).toEqual([25_000, []]);
    expect(recorded.entries.at(-1)).toMatchObject({ kind: 'refund', methodRef: fake.payment(made.paymentID)!.refunds[0]!.refundTrxID });
    const released = await ledgerOf(lost.id);
    expect([released.refundedMinor, released.pendingRefunds]).toEqual([0, []]);
    // Let go of, the payment can be refunded again.
    expect((await refundOf(lost.id, lost.paymentId, 25_000)).statusCode).toBe(200);
  });

  it('refuses a link that does not work, a file that owes nothing, a bad callback, and bKash when it is off', async () => {
    expect((await start(undefined)).statusCode).toBe(404);
    const bad = await start('not-a-link');
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe(PAY_LINK_NOT_VALID);
    const settled = await owing(10_000);
    const paymentID = await startPaying(settled.token);
    fake.authorise(paymentID);
    await callback(paymentID);
    // The pay page may post no body at all: the language is English then.
    const nothing = await t.request({ method: 'POST', url: '/api/pay/bkash', token: settled.token });
    // Paid in full, the link is done with: it answers as any link that does not work.
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().message).toBe(PAY_LINK_NOT_VALID);
    expect((await start(settled.token, { language: 'fr' })).statusCode).toBe(400);

    expect(
      (await t.request({ method: 'GET', url: '/api/pay/bkash/callback/en?paymentID=TR0011NOSUCH&status=success' })).headers.location,
    ).toBe('/pay?result=failed');
    expect((await t.request({ method: 'GET', url: '/api/pay/bkash/callback/en?paymentID=TR0011X&status=paid' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/pay/bkash/callback/de?paymentID=TR0011X&status=success' })).statusCode).toBe(400);

    const off = { db: t.db, config: { ...t.config, BKASH_APP_KEY: undefined }, now: clock };
    await expect(startBkashPayment(off, { linkId: 'none', applicationId: 'none', dueMinor: 10_000 }, 'en')).rejects.toMatchObject({
      statusCode: 404,
      message: BKASH_TEXTS.off,
    });
    expect(() => loadConfig({ BKASH_APP_KEY: FAKE_BKASH.appKey, BKASH_APP_SECRET: FAKE_BKASH.appSecret })).toThrow(
      'Invalid configuration: BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME and BKASH_PASSWORD must be set together',
    );
  });

  it('shares its tokens across instances, refreshes them after an hour, grants anew after four weeks, and logs none of them', async () => {
    const lines: string[] = [];
    const twin = await loggingTwin(t, lines, clock);
    const grants = fake.counts.grant;
    const file = await owing(5_000);
    // Another instance (its own client) finds the grant token the first one keeps.
    expect((await start(file.token, {}, twin)).statusCode).toBe(200);
    expect(fake.counts.grant).toBe(grants);

    now = new Date(now.getTime() + 2 * 3_600_000);
    expect((await start(file.token)).statusCode).toBe(200);
    expect(fake.counts).toMatchObject({ grant: grants, refresh: 1 });

    fake.expireTokens();
    // A file of its own: a second start on the same link within minutes is sent to the same page, calling no one.
    expect((await start((await owing(5_000)).token, {}, twin)).statusCode).toBe(200);
    expect(fake.counts).toMatchObject({ grant: grants, refresh: 2 });

    now = new Date(now.getTime() + 30 * 86_400_000);
    const later = await owing(5_000);
    expect((await start(later.token)).statusCode).toBe(200);
    expect(fake.counts).toMatchObject({ grant: grants + 1, refresh: 2 });

    const stored = await t.db.selectFrom('gateway_tokens').selectAll().executeTakeFirstOrThrow();
    const secrets = [FAKE_BKASH.appSecret, FAKE_BKASH.password, ...new Set(fake.authorizations)];
    await twin.close();
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(JSON.stringify(stored)).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);
    }
  });
});
