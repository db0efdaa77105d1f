import { describe, expect, it } from 'vitest';
import { MONEY_TEXTS, convertMinor, fiscalYearOf } from '@visa/shared/money';
import { createApplication } from '@visa/test-support/applications';
import { appForFile } from '@visa/test-support/file-app';
import { attemptOn } from '@visa/test-support/payment-links';
import * as ledger from '../../src/modules/domain/ledger/repository.js';
import { appendEntry, recordPayment, reverseEntry } from '../../src/modules/domain/ledger/service.js';
import { settlePaid } from '../../src/modules/domain/payments/service.js';

// The ledger's own rules, below any route: what every way of adding money relies on.
const now = new Date('2027-01-12T04:00:00.000Z');
const t = appForFile({ APP_TIMEZONE: 'Asia/Dhaka' }, { now: () => now });

const pay = (applicationId: string, amountMinor: number, extra: { transactionId?: string; issuedOn?: string } = {}) =>
  t.db.transaction().execute((trx) =>
    recordPayment(trx, {
      applicationId,
      amountMinor,
      method: 'bkash',
      occurredOn: '2027-01-12',
      issuedOn: extra.issuedOn ?? '2027-01-12',
      transactionId: extra.transactionId ?? null,
      actorId: null,
      at: now,
    }),
  );

describe('the ledger', () => {
  it('keeps the balance in taka, a dollar charge at its rate, and undoes an entry once', async () => {
    const app = await createApplication(t.db, {});
    const charge = await t.db.transaction().execute((trx) =>
      appendEntry(trx, {
        applicationId: app.id,
        kind: 'charge',
        amountMinor: 15_500,
        currency: 'CAD',
        rateMicros: 87_451_200,
        occurredOn: '2027-01-12',
        actorId: null,
        at: now,
      }),
    );
    expect(charge.bdt_minor).toBe(convertMinor(15_500, 87_451_200));
    expect(charge.bdt_minor).toBe(1_355_494);
    await pay(app.id, 1_000_000);
    expect(await ledger.balanceOf(t.db, app.id)).toBe(355_494);

    const undo = () =>
      t.db.transaction().execute((trx) =>
        reverseEntry(trx, {
          applicationId: app.id,
          entryId: charge.id,
          description: 'Wrong rate',
          occurredOn: '2027-01-12',
          actorId: null,
          at: now,
        }),
      );
    const reversal = await undo();
    expect(await ledger.balanceOf(t.db, app.id)).toBe(-1_000_000);
    await expect(undo()).rejects.toMatchObject({ statusCode: 409, message: MONEY_TEXTS.alreadyReversed });
    await expect(
      t.db.transaction().execute((trx) =>
        reverseEntry(trx, {
          applicationId: app.id,
          entryId: reversal.id,
          description: '',
          occurredOn: '2027-01-12',
          actorId: null,
          at: now,
        }),
      ),
    ).rejects.toMatchObject({ message: MONEY_TEXTS.reversalNotReversible });
    expect((await ledger.listEntries(t.db, app.id)).map((e) => e.kind)).toEqual(['charge', 'payment', 'reversal']);
  });

  it('refuses a transaction ID used before, naming its application, and frees it when that payment is reversed', async () => {
    const first = await createApplication(t.db, {});
    const second = await createApplication(t.db, {});
    const { entry } = await pay(first.id, 50_000, { transactionId: '8n7a6d5ee7' });
    await expect(pay(second.id, 50_000, { transactionId: '8N7A6D5EE7 ' })).rejects.toMatchObject({
      statusCode: 409,
      message: MONEY_TEXTS.transactionIdUsed(first.id),
    });
    expect(await ledger.balanceOf(t.db, second.id)).toBe(0);
    await t.db.transaction().execute((trx) =>
      reverseEntry(trx, {
        applicationId: first.id,
        entryId: entry.id,
        description: 'Wrong file',
        occurredOn: '2027-01-12',
        actorId: null,
        at: now,
      }),
    );
    await pay(second.id, 50_000, { transactionId: '8N7A6D5EE7' });
    expect(await ledger.balanceOf(t.db, second.id)).toBe(-50_000);
  });

  it('numbers receipts without gaps per fiscal year, a rolled-back one giving its number back', async () => {
    const app = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman' });
    const a = await pay(app.id, 100, { issuedOn: '2027-06-30' });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordPayment(trx, {
          applicationId: app.id,
          amountMinor: 100,
          method: 'cash',
          occurredOn: '2027-06-30',
          issuedOn: '2027-06-30',
          actorId: null,
          at: now,
        });
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash');
    const b = await pay(app.id, 100, { issuedOn: '2027-06-30' });
    const c = await pay(app.id, 100, { issuedOn: '2027-07-01' });
    expect([a.receipt.fiscal_year, b.receipt.number - a.receipt.number]).toEqual([fiscalYearOf('2027-06-30'), 1]);
    expect([c.receipt.fiscal_year, c.receipt.number]).toEqual(['2027-28', 1]);
    expect(a.receipt.payer_name).toBe('Karim Rahman');
  });

  it('records a gateway payment once, however many answers say it was paid', async () => {
    const app = await createApplication(t.db, {});
    const attemptId = await attemptOn(t.db, app.id, 250_000, now);
    const settle = () => settlePaid(t.db, { attemptId, gatewayTrxId: 'BANK123', issuedOn: '2027-01-12', at: now });
    const answers = await Promise.all([settle(), settle(), settle()]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await settle()).toBe(false);
    expect(await ledger.balanceOf(t.db, app.id)).toBe(-250_000);
    expect(await ledger.receiptsOf(t.db, app.id)).toHaveLength(1);
  });
});
