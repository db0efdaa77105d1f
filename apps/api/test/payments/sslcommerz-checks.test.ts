import { describe, expect, it } from 'vitest';
import { MONEY_TEXTS } from '@visa/shared/money';
import { SSLCOMMERZ_TEXTS } from '@visa/shared/sslcommerz';
import { PAYMENT_GATEWAYS } from '../../src/modules/domain/payments/gateways.js';
import { findGatewayPayment } from '../../src/modules/domain/payments/repository.js';
import { clock, ipn, moneyOf, owingWithLink, sslcommerzHarness, startedAttempt, stateOf } from './sslcommerz-harness.js';

// What the reconciling job's check and a refund do through SSLCommerz (ADR 0089); the job itself is the payment links' own.
const h = sslcommerzHarness();

const check = async (attemptId: string) => {
  const attempt = await findGatewayPayment(h.t.db, attemptId);
  return PAYMENT_GATEWAYS.sslcommerz.check({ db: h.t.db, config: h.t.config, now: () => clock.now }, attempt!);
};

describe('the check of an attempt nobody settled', () => {
  it('finds a payment neither the payer nor the IPN reported, and records it once', async () => {
    const { applicationId, token } = await owingWithLink(h.t, 200_000);
    const attemptId = await startedAttempt(h, token);
    expect(await check(attemptId)).toBe('pending');

    const paid = h.fake.pay(attemptId);
    h.fake.failures.slowMs = 1500;
    expect(await check(attemptId)).toBe('pending');
    h.fake.reset();
    clock.now = new Date('2027-01-12T19:30:00.000Z');
    expect(await check(attemptId)).toBe('settled');
    expect(await check(attemptId)).toBe('settled');
    await ipn(h.t, paid);
    expect(await moneyOf(h.t, applicationId)).toEqual({ payments: 1, receipts: 1, due: 0 });
    // Past midnight in Dhaka: the receipt is dated by the office's day, not UTC's.
    const receipt = await h.t.db
      .selectFrom('receipts')
      .select('issued_on')
      .where('application_id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(receipt.issued_on).toBe('2027-01-13');
  });

  it('settles a cancelled or failed payment unpaid, records one in another amount, and leaves one it cannot confirm', async () => {
    const { applicationId, token } = await owingWithLink(h.t, 60_000);
    const cancelledId = await startedAttempt(h, token);
    h.fake.decline(cancelledId, 'CANCELLED');
    expect(await check(cancelledId)).toBe('settled');
    expect(await stateOf(h.t, cancelledId)).toBe('cancelled');

    const failedId = await startedAttempt(h, token);
    h.fake.decline(failedId, 'FAILED');
    expect(await check(failedId)).toBe('settled');
    expect(await stateOf(h.t, failedId)).toBe('failed');

    const mismatchedId = await startedAttempt(h, token);
    h.fake.pay(mismatchedId);
    h.fake.failures.wrongAmount = true;
    // Another amount is still money taken: recorded as SSLCommerz confirmed it (ADR 0095).
    expect(await check(mismatchedId)).toBe('settled');
    h.fake.reset();
    expect(await moneyOf(h.t, applicationId)).toMatchObject({ payments: 1, due: -100 });
    h.fake.failures.invalidStatus = true;
    const unconfirmedId = await startedAttempt(h, (await owingWithLink(h.t, 60_000)).token);
    h.fake.pay(unconfirmedId);
    expect(await check(unconfirmedId)).toBe('pending');
    h.fake.reset();
  });
});

describe('a refund of an SSLCommerz payment', () => {
  it('goes through the refund API by its bank transaction id, and is recorded only when SSLCommerz accepts it', async () => {
    const owner = await h.t.createStaff('superadmin');
    const { applicationId, token } = await owingWithLink(h.t, 250_000);
    const attemptId = await startedAttempt(h, token);
    const paid = h.fake.pay(attemptId);
    await ipn(h.t, paid);
    const payment = await h.t.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('application_id', '=', applicationId)
      .where('kind', '=', 'payment')
      .executeTakeFirstOrThrow();
    const refund = (amountMinor: number) =>
      h.t.request({
        method: 'POST',
        url: `/api/application/money/${applicationId}/entries/${payment.id}/refund`,
        token: owner.token,
        payload: { amountMinor, reason: 'Visa centre fee not needed' },
      });

    h.fake.failures.refuseRefund = true;
    const refused = await refund(100_000);
    h.fake.reset();
    expect([refused.statusCode, refused.json().message]).toEqual([
      502,
      SSLCOMMERZ_TEXTS.refundRefused('Refund is not allowed for this store'),
    ]);
    expect(await moneyOf(h.t, applicationId)).toMatchObject({ due: 0 });

    h.fake.failures.slowMs = 1500;
    const unanswered = await refund(100_000);
    h.fake.reset();
    expect([unanswered.statusCode, unanswered.json().message]).toEqual([502, SSLCOMMERZ_TEXTS.refundUnreachable]);

    const accepted = await refund(100_050);
    expect(accepted.statusCode).toBe(200);
    const session = h.fake.sessions.get(attemptId)!;
    const [sent] = session.refunds.slice(-1);
    expect(sent).toMatchObject({ amount: '1000.50' });
    const refundEntry = accepted
      .json<{ entries: { kind: string; method: string | null; methodRef: string | null }[] }>()
      .entries.find((e) => e.kind === 'refund');
    expect(refundEntry).toMatchObject({ method: 'sslcommerz', methodRef: sent!.refundRefId });
    expect(await moneyOf(h.t, applicationId)).toMatchObject({ payments: 1, due: 100_050 });

    const tooMuch = await refund(150_000);
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([409, MONEY_TEXTS.refundTooLarge(149_950)]);
    expect(session.refunds).toHaveLength(1);
  });
});
