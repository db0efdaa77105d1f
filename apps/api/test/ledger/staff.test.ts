import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE, LedgerSchema, MONEY_TEXTS, WALLET_TRANSACTION_ID } from '@visa/shared/money';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, staffForFile } from '@visa/test-support/file-app';

// The clock stands on 12 January 2027, 10:00 in Dhaka.
const now = new Date('2027-01-12T04:00:00.000Z');
const t = appForFile({ APP_TIMEZONE: 'Asia/Dhaka' }, { now: () => now });
const clerk = staffForFile(t, 'admin', { name: 'Nadia Clerk' });
const owner = staffForFile(t, 'superadmin', { name: 'Owner' });

const base = (id: string) => `/api/application/money/${id}`;
const add = (id: string, payload: Record<string, unknown>, token = clerk.token) =>
  t.request({ method: 'POST', url: `${base(id)}/entries`, payload, token });
const ledgerOf = async (id: string) => LedgerSchema.parse((await t.request({ method: 'GET', url: base(id), token: clerk.token })).json());

describe("staff's ledger", () => {
  it('charges in taka and dollars, takes a bKash payment with its receipt, and shows the balance', async () => {
    const app = await createApplication(t.db, {});
    expect(
      (await add(app.id, { kind: 'charge', description: 'Service fee', amountMinor: 2_500_000, currency: 'BDT', occurredOn: '2027-01-12' }))
        .statusCode,
    ).toBe(200);
    const fee = DEFAULT_FEE_SCHEDULE.fees.Work[0]!;
    const dollars = await add(app.id, {
      kind: 'charge',
      feeCode: fee.code,
      description: fee.label,
      amountMinor: fee.amountMinor,
      currency: 'CAD',
      rateMicros: 88_000_000,
      occurredOn: '2027-01-12',
    });
    expect(dollars.statusCode, dollars.body).toBe(200);
    const paid = await add(app.id, {
      kind: 'payment',
      method: 'bkash',
      amountMinor: 1_000_000,
      transactionId: '8n7a6d5ee7',
      occurredOn: '2027-01-11',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const ledger = await ledgerOf(app.id);
    expect(ledger).toMatchObject({ chargedMinor: 2_500_000 + 1_364_000, paidMinor: 1_000_000, balanceMinor: 2_864_000 });
    expect(ledger.entries[2]).toMatchObject({
      methodRef: '8N7A6D5EE7',
      createdBy: { name: 'Nadia Clerk' },
      receipt: { number: '2026-27/000001' },
    });
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const app = await createApplication(t.db, {});
    for (const [payload, message] of [
      [
        { kind: 'payment', method: 'bkash', amountMinor: 500, transactionId: 'ABC', occurredOn: '2027-01-12' },
        WALLET_TRANSACTION_ID.bkash.message,
      ],
      [
        { kind: 'payment', method: 'cash', amountMinor: 10.5, occurredOn: '2027-01-12' },
        'The amount must be a whole number of paisa or cents.',
      ],
      [{ kind: 'payment', method: 'cash', amountMinor: 500, occurredOn: '2027-01-13' }, MONEY_TEXTS.dateAhead],
      [{ kind: 'charge', description: 'IRCC', amountMinor: 500, currency: 'CAD', occurredOn: '2027-01-12' }, MONEY_TEXTS.dollarsNeedRate],
    ] as const) {
      const answer = await add(app.id, payload);
      expect([answer.statusCode, answer.json().message]).toEqual([400, message]);
    }
    expect((await ledgerOf(app.id)).entries).toEqual([]);
  });

  it('lets only a super-admin reverse or refund, once, and a reversed payment frees its transaction ID', async () => {
    const first = await createApplication(t.db, {});
    const second = await createApplication(t.db, {});
    await add(first.id, { kind: 'payment', method: 'nagad', amountMinor: 300_000, transactionId: '71D8TX3Q', occurredOn: '2027-01-12' });
    const again = await add(second.id, {
      kind: 'payment',
      method: 'nagad',
      amountMinor: 300_000,
      transactionId: '71d8tx3q',
      occurredOn: '2027-01-12',
    });
    expect([again.statusCode, again.json().message]).toEqual([409, MONEY_TEXTS.transactionIdUsed(first.id)]);

    const payment = (await ledgerOf(first.id)).entries[0]!;
    const reverseUrl = `${base(first.id)}/entries/${payment.id}/reversal`;
    expect((await t.request({ method: 'POST', url: reverseUrl, payload: { reason: 'Wrong file' }, token: clerk.token })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'POST', url: reverseUrl, payload: { reason: 'Wrong file' }, token: owner.token })).statusCode).toBe(
      200,
    );
    const twice = await t.request({ method: 'POST', url: reverseUrl, payload: { reason: 'Again' }, token: owner.token });
    expect([twice.statusCode, twice.json().message]).toEqual([409, MONEY_TEXTS.alreadyReversed]);
    expect(
      (
        await add(second.id, {
          kind: 'payment',
          method: 'nagad',
          amountMinor: 300_000,
          transactionId: '71D8TX3Q',
          occurredOn: '2027-01-12',
        })
      ).statusCode,
    ).toBe(200);

    const paid = (await ledgerOf(second.id)).entries[0]!;
    const refundUrl = `${base(second.id)}/entries/${paid.id}/refund`;
    expect(
      (
        await t.request({
          method: 'POST',
          url: refundUrl,
          payload: { amountMinor: 100_000, reason: 'Visit cancelled', method: 'cash' },
          token: clerk.token,
        })
      ).statusCode,
    ).toBe(403);
    const refunded = await t.request({
      method: 'POST',
      url: refundUrl,
      payload: { amountMinor: 100_000, reason: 'Visit cancelled', method: 'cash' },
      token: owner.token,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const tooMuch = await t.request({
      method: 'POST',
      url: refundUrl,
      payload: { amountMinor: 200_001, reason: 'More', method: 'cash' },
      token: owner.token,
    });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([400, MONEY_TEXTS.refundTooLarge(200_000)]);
    expect(await ledgerOf(second.id)).toMatchObject({ paidMinor: 300_000, refundedMinor: 100_000, balanceMinor: -200_000 });
  });
});
