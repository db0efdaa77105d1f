import { describe, expect, it } from 'vitest';
import { LedgerSchema } from '@visa/shared/money';
import { ReceiptCheckSchema, vatSplit } from '@visa/shared/money-receipts';
import { RECEIPT_STAFF_TEXTS } from '@visa/shared/receipt-words';
import { CONTACT_TEXTS } from '@visa/shared/notices';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { pdfText } from '@visa/test-support/pdf';
import { type TestApp, createTestApp, engine } from '@visa/test-support/test-app';

// The clock stands on 12 January 2027, 10:00 in Dhaka.
const now = new Date('2027-01-12T04:00:00.000Z');
const env = { APP_TIMEZONE: 'Asia/Dhaka', PUBLIC_URL: 'https://visa.example.com' };
const t = appForFile(env, { now: () => now });
const clerk = staffForFile(t, 'admin', { name: 'Nadia Clerk' });
const owner = staffForFile(t, 'superadmin', { name: 'Owner' });

const money = (id: string) => `/api/application/money/${id}`;
const pay = (on: TestApp, id: string, amountMinor: number) =>
  on.request({
    method: 'POST',
    url: `${money(id)}/entries`,
    payload: { kind: 'payment', method: 'cash', amountMinor, occurredOn: '2027-01-12' },
    token: clerk.token,
  });
const reverse = (id: string, entryId: string) =>
  t.request({ method: 'POST', url: `${money(id)}/entries/${entryId}/reversal`, payload: { reason: 'Wrong file' }, token: owner.token });

/** A paid application and its one receipt as the ledger shows it. */
async function paid(amountMinor = 1_150_000, overrides: Parameters<typeof createApplication>[1] = {}) {
  const app = await createApplication(t.db, { given_name: 'Rahima', surname: 'Akter', ...overrides });
  expect((await pay(t, app.id, amountMinor)).statusCode).toBe(200);
  const ledger = LedgerSchema.parse((await t.request({ method: 'GET', url: money(app.id), token: clerk.token })).json());
  const entry = ledger.entries.find((e) => e.receipt)!;
  return { app, entry, receipt: entry.receipt! };
}

const pdfOf = (id: string, receiptId: string, lang = 'en') =>
  t.request({ method: 'GET', url: `${money(id)}/receipts/${receiptId}/pdf?lang=${lang}`, token: clerk.token });

describe('receipts', () => {
  it('prints the receipt, then the Mushak-6.3 fields once the office enters its BIN, in English and Bangla', async () => {
    const { app, receipt } = await paid();
    const plain = await pdfOf(app.id, receipt.id);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/pdf');
    const text = pdfText(plain.rawPayload);
    expect(text).toContain('Money receipt');
    expect(text).toContain(receipt.number);
    expect(text).toContain('Rahima Akter');
    expect(text).toContain('11,500.00');
    expect(text).toContain(`https://visa.example.com/receipt#${receipt.verifyCode}`);
    expect(text).not.toContain("Seller's BIN");

    const settings = { bin: '0001234560101', vatRateBasisPoints: 1500 };
    expect(
      (await t.request({ method: 'PUT', url: '/api/users/settings/receipts', payload: settings, token: clerk.token })).statusCode,
    ).toBe(403);
    const bad = await t.request({
      method: 'PUT',
      url: '/api/users/settings/receipts',
      payload: { bin: '12', vatRateBasisPoints: 1500 },
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('BIN');
    expect(
      (await t.request({ method: 'PUT', url: '/api/users/settings/receipts', payload: settings, token: owner.token })).statusCode,
    ).toBe(200);
    const mushak = pdfText((await pdfOf(app.id, receipt.id)).rawPayload);
    expect(mushak).toContain('Mushak-6.3');
    expect(mushak).toContain(settings.bin);
    expect(mushak).toContain('15%');
    // ৳11,500 with 15% VAT inside: ৳1,500 VAT on ৳10,000.
    expect(mushak).toContain('10,000.00');
    expect(mushak).toContain('1,500.00');
    expect(mushak).toMatch(/12 Jan(uary)? 2027.*10:00/);

    const bangla = await pdfOf(app.id, receipt.id, 'bn');
    expect(bangla.statusCode).toBe(200);
    expect(bangla.rawPayload.toString('latin1')).toContain('NotoSansBengali');
    expect(pdfText(bangla.rawPayload)).toContain(receipt.number);
    expect((await pdfOf(app.id, receipt.id, 'fr')).statusCode).toBe(400);
    expect((await pdfOf(app.id, 'a'.repeat(24))).json().message).toBe(RECEIPT_STAFF_TEXTS.notFound);
    await t.request({
      method: 'PUT',
      url: '/api/users/settings/receipts',
      payload: { bin: '', vatRateBasisPoints: 0 },
      token: owner.token,
    });
  });

  it('splits VAT out of a price that includes it in whole paisa', () => {
    expect(vatSplit(1_150_000, 1500)).toEqual({ exVatMinor: 1_000_000, vatMinor: 150_000 });
    expect(vatSplit(101, 1500)).toEqual({ exVatMinor: 88, vatMinor: 13 });
    expect(vatSplit(5_000, 0)).toEqual({ exVatMinor: 5_000, vatMinor: 0 });
  });

  it('lets anyone check a receipt by its code: valid, refunded, reversed, and nothing about the payer', async () => {
    const { app, entry, receipt } = await paid(500_000);
    const check = async () => t.request({ method: 'GET', url: `/api/receipts/${receipt.verifyCode}` });
    const first = await check();
    expect(first.statusCode).toBe(200);
    expect(ReceiptCheckSchema.parse(first.json())).toEqual({
      issuer: { en: 'Canada Visa Desk', bn: 'কানাডা ভিসা ডেস্ক' },
      number: receipt.number,
      issuedOn: '2027-01-12',
      amountMinor: 500_000,
      status: 'valid',
      refundedMinor: 0,
    });
    expect(first.body).not.toContain('Rahima');
    expect(first.body).not.toContain(app.id);

    const refund = await t.request({
      method: 'POST',
      url: `${money(app.id)}/entries/${entry.id}/refund`,
      payload: { amountMinor: 100_000, reason: 'Overpaid', method: 'cash' },
      token: owner.token,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await check()).json()).toMatchObject({ status: 'valid', refundedMinor: 100_000 });
    const reversal = await reverse(app.id, entry.id);
    expect(reversal.statusCode, reversal.body).toBe(200);
    expect((await check()).json()).toMatchObject({ status: 'reversed' });
    expect(pdfText((await pdfOf(app.id, receipt.id)).rawPayload)).toContain('no longer valid');

    expect((await t.request({ method: 'GET', url: `/api/receipts/${'A'.repeat(22)}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/receipts/short' })).statusCode).toBe(400);
    // An address that tries code after code is slowed down.
    const statuses = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await t.request({ method: 'GET', url: `/api/receipts/${'B'.repeat(22)}`, remoteAddress: '203.0.113.9' })).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });

  it('sends the receipt by email with its check link, and never to an erased or withdrawn applicant', async () => {
    const { app, receipt } = await paid(200_000, { email: 'rahima@example.com' });
    const send = (id: string, receiptId: string) =>
      t.request({ method: 'POST', url: `${money(id)}/receipts/${receiptId}/send`, token: clerk.token });
    const sent = await send(app.id, receipt.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ channels: ['email'] });
    const email = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('application_id', '=', app.id)
      .where('channel', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(email.recipient).toBe('rahima@example.com');
    expect(email.subject).toContain(receipt.number);
    expect(email.text_body).toContain(`https://visa.example.com/receipt#${receipt.verifyCode}`);
    expect(email.text_body).toContain(`https://visa.example.com/bn/receipt#${receipt.verifyCode}`);
    expect(email.text_body).toContain('৳2,000.00');

    for (const [column, message] of [
      ['consent_withdrawn_at', CONTACT_TEXTS.consentWithdrawn],
      ['anonymised_at', CONTACT_TEXTS.erased],
    ] as const) {
      const other = await paid(100_000);
      await t.db
        .updateTable('applications')
        .set({ [column]: '2027-01-12T05:00:00.000Z' })
        .where('id', '=', other.app.id)
        .execute();
      const refused = await send(other.app.id, other.receipt.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(message);
      expect(await t.db.selectFrom('outbox').select('id').where('application_id', '=', other.app.id).execute()).toEqual([]);
    }
  });

  it("withdraws a receipt still waiting when its payment is reversed, and sends no reversed payment's receipt", async () => {
    const { app, entry, receipt } = await paid(300_000, { email: 'shirin@example.com' });
    const other = await paid(300_000, { email: 'karim@example.com' });
    const send = (id: string, receiptId: string) =>
      t.request({ method: 'POST', url: `${money(id)}/receipts/${receiptId}/send`, token: clerk.token });
    expect((await send(app.id, receipt.id)).statusCode).toBe(200);
    expect((await send(other.app.id, other.receipt.id)).statusCode).toBe(200);
    const waiting = (id: string) =>
      t.db.selectFrom('outbox').select(['status', 'last_error', 'secret', 'receipt_number']).where('application_id', '=', id).execute();
    expect(await waiting(app.id)).toEqual([{ status: 'queued', last_error: null, secret: null, receipt_number: receipt.number }]);

    const reversal = await reverse(app.id, entry.id);
    expect(reversal.statusCode, reversal.body).toBe(200);
    expect(await waiting(app.id)).toEqual([
      { status: 'skipped', last_error: 'payment reversed', secret: null, receipt_number: receipt.number },
    ]);
    // Another applicant's receipt is not touched.
    expect((await waiting(other.app.id)).map((row) => row.status)).toEqual(['queued']);

    const again = await send(app.id, receipt.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RECEIPT_STAFF_TEXTS.reversed);
    expect(await waiting(app.id)).toHaveLength(1);
  });
});

/**
 * 500 payments at once, each getting its receipt: the numbers run 1..500 without a gap or a repeat.
 * Issuers queue on the year's counter row, so on PostgreSQL a request can wait out the pool's
 * connection timeout and be answered 503 (ADR 0068); it is sent again, as a client told to retry
 * would, and must still leave no gap.
 */
async function drill(instances: TestApp[]) {
  // Fifty files of ten payments each: each answer carries its file's ledger, kept short.
  const files = await Promise.all(Array.from({ length: 50 }, () => createApplication(t.db, {})));
  const started = performance.now();
  let waiting = Array.from({ length: 500 }, (_, i) => i);
  let refused = 0;
  for (let round = 0; waiting.length > 0 && round < 20; round += 1) {
    const answers = await Promise.all(
      waiting.map((i) => pay(instances[i % instances.length]!, files[i % files.length]!.id, 100 + i).then((a) => ({ i, a }))),
    );
    expect(answers.filter(({ a }) => a.statusCode !== 200 && a.statusCode !== 503).map(({ a }) => a.body)).toEqual([]);
    waiting = answers.filter(({ a }) => a.statusCode === 503).map(({ i }) => i);
    refused += waiting.length;
  }
  const ms = Math.round(performance.now() - started);
  expect(waiting).toEqual([]);
  const ids = files.map((f) => f.id);
  const numbers = await t.db.selectFrom('receipts').select('number').where('application_id', 'in', ids).orderBy('number').execute();
  const first = Number(numbers[0]!.number);
  expect(numbers.map((r) => Number(r.number) - first + 1)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
  console.info(
    `receipt drill: 500 receipts from ${instances.length} instance(s) in ${ms} ms, ${refused} request(s) sent again after a 503`,
  );
}

if (engine === 'postgres') {
  describe('receipts issued concurrently on PostgreSQL', () => {
    it('numbers 500 receipts from two app instances on one database without gaps or repeats', async () => {
      const database = t.config.database;
      if (database.kind !== 'postgres') throw new Error('the PostgreSQL project runs on PostgreSQL');
      const second = await createTestApp({ ...env, DATABASE_URL: database.url }, { now: () => now });
      try {
        await drill([t, second]);
      } finally {
        await second.close();
      }
    }, 120_000);
  });
} else {
  describe('receipts issued concurrently on SQLite', () => {
    it('numbers 500 receipts from one app without gaps or repeats', async () => {
      await drill([t]);
    }, 120_000);
  });
}
