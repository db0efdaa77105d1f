import { beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { DEFAULT_FEE_SCHEDULE, LedgerSchema, MONEY_RACE_TEXTS, MONEY_TEXTS, WALLET_TRANSACTION_ID } from '@visa/shared/money';
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

const charge = (id: string, amountMinor = 100_000) =>
  add(id, { kind: 'charge', description: 'Service fee', amountMinor, currency: 'BDT', occurredOn: '2027-01-12' });
const cash = (id: string, amountMinor: number) => add(id, { kind: 'payment', method: 'cash', amountMinor, occurredOn: '2027-01-12' });
const outcomes = (answers: { statusCode: number; json: () => { message?: string } }[]) =>
  answers.map((a) => (a.statusCode === 200 ? 'ok' : `${a.statusCode} ${a.json().message}`)).sort();

// First in the file, so the list holds only these applications.
describe('the list of applications that owe', () => {
  /** Newest first: the applications that owe after the entries below (6, 4, 2, 0). */
  const owing: string[] = [];
  const list = (query: string) => t.request({ method: 'GET', url: `/api/application/fetchApplication?${query}`, token: clerk.token });
  const ids = (body: { applications: { _id: string }[] }) => body.applications.map((a) => a._id);

  beforeAll(async () => {
    const start = Date.parse('2026-12-01T08:00:00.000Z');
    for (let i = 0; i < 8; i++) {
      const row = await createApplication(t.db, {
        created_at: new Date(start + i * 60_000).toISOString(),
        status: i === 4 ? 'approved' : 'pending',
        stage: i === 6 ? 'biometrics' : 'preparing',
        surname: i === 6 ? 'Owesmore' : `Payer${i}`,
      });
      // 0 owes; 1 paid in full; 2 paid part; 3 has no money; 4 owes, approved; 5 paid ahead; 6 owes; 7's charge was reversed.
      if (i !== 3 && i !== 5) expect((await charge(row.id)).statusCode).toBe(200);
      if (i === 1) await cash(row.id, 100_000);
      if (i === 2) await cash(row.id, 30_000);
      if (i === 5) await cash(row.id, 50_000);
      if (i === 7) {
        const entry = (await ledgerOf(row.id)).entries[0]!;
        const url = `${base(row.id)}/entries/${entry.id}/reversal`;
        expect((await t.request({ method: 'POST', url, payload: { reason: 'Wrong file' }, token: owner.token })).statusCode).toBe(200);
      }
      if (i === 2) {
        await t.db
          .insertInto('case_letters')
          .values({
            id: `${row.id.slice(0, 22)}l0`,
            application_id: row.id,
            kind: 'medical',
            letter_date: '2027-01-01',
            deadline: '2027-01-15',
            rule_deadline: null,
            reason: '',
            owner_id: null,
            done_on: null,
            created_by: null,
            created_at: now.toISOString(),
          })
          .execute();
      }
      if ([0, 2, 4, 6].includes(i)) owing.unshift(row.id);
    }
  });

  it('lists them newest first with what each owes, by page number and by cursor', async () => {
    const all = (await list('balance=due')).json();
    expect(all).toMatchObject({ totalApplication: 4, totalCapped: false });
    expect(ids(all)).toEqual(owing);
    expect(all.applications.map((a: { balanceMinor: number }) => a.balanceMinor)).toEqual([100_000, 100_000, 70_000, 100_000]);
    expect(ids((await list('balance=due&limit=2&page=2')).json())).toEqual(owing.slice(2));
    // One a page: SQLite then walks the newest-first index, since half the office owes.
    const walked: string[] = [];
    let cursor = '';
    for (let page = 1; page <= 5; page++) {
      const body = (await list(`balance=due&limit=1&page=${page}${cursor && `&cursor=${cursor}`}`)).json();
      walked.push(...ids(body));
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    expect(walked).toEqual(owing);
    const everyone = (await list('balance=')).json();
    expect(everyone.totalApplication).toBe(8);
    expect(everyone.applications.map((a: { balanceMinor: number }) => a.balanceMinor)).toEqual([
      0, 100_000, -50_000, 100_000, 0, 70_000, 0, 100_000,
    ]);
  });

  it('combines with the other filters and refuses anything but due', async () => {
    for (const [query, expected] of [
      ['status=approved', [owing[1]]],
      ['status=pending&limit=1', [owing[0]]],
      ['stage=biometrics', [owing[0]]],
      ['search=owesm', [owing[0]]],
      ['search=payer', owing.slice(1)],
      ['dueWithin=7', [owing[2]]],
      ['documents=waiting', []],
    ] as const) {
      const body = (await list(`balance=due&${query}`)).json();
      expect([query, ids(body)]).toEqual([query, expected]);
    }
    const wrong = await list('balance=owing');
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, APPLICATION_TEXTS.invalidBalance]);
    // A deleted application's entries stay as records, but it owes nothing on the list.
    const gone = owing[3]!;
    expect((await t.request({ method: 'DELETE', url: `/api/application/deleteApplication/${gone}`, token: clerk.token })).statusCode).toBe(
      200,
    );
    expect((await list('balance=due')).json()).toMatchObject({ totalApplication: 3 });
    expect(await t.db.selectFrom('ledger_entries').select('id').where('application_id', '=', gone).execute()).toHaveLength(1);
  });
});

describe('two members of staff at once', () => {
  it('reverses an entry once when several reversals arrive together', async () => {
    const app = await createApplication(t.db, {});
    await charge(app.id);
    const entry = (await ledgerOf(app.id)).entries[0]!;
    const url = `${base(app.id)}/entries/${entry.id}/reversal`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.request({ method: 'POST', url, payload: { reason: 'Twice' }, token: owner.token })),
    );
    const conflict = `409 ${MONEY_TEXTS.alreadyReversed}`;
    expect(outcomes(answers)).toEqual([conflict, conflict, 'ok']);
    const ledger = await ledgerOf(app.id);
    expect([ledger.entries.map((e) => e.kind), ledger.balanceMinor]).toEqual([['charge', 'reversal'], 0]);
  });

  it('refunds a payment once when refunds that together exceed it arrive together', async () => {
    const app = await createApplication(t.db, {});
    await cash(app.id, 300_000);
    const payment = (await ledgerOf(app.id)).entries[0]!;
    const url = `${base(app.id)}/entries/${payment.id}/refund`;
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.request({ method: 'POST', url, payload: { amountMinor: 200_000, reason: 'Cancelled', method: 'cash' }, token: owner.token }),
      ),
    );
    expect(outcomes(answers)[2]).toBe('ok');
    for (const lost of outcomes(answers).slice(0, 2))
      expect([`409 ${MONEY_RACE_TEXTS.refundUnderWay}`, `409 ${MONEY_TEXTS.refundTooLarge(100_000)}`]).toContain(lost);
    expect(await ledgerOf(app.id)).toMatchObject({ refundedMinor: 200_000, balanceMinor: -100_000 });
  });

  it('refuses a refund while another one holds the payment, until that claim is old', async () => {
    const app = await createApplication(t.db, {});
    await cash(app.id, 100_000);
    const payment = (await ledgerOf(app.id)).entries[0]!;
    // As a refund through a gateway holds it while the gateway answers.
    await t.db.insertInto('refund_claims').values({ payment_id: payment.id, claim_id: 'other', claimed_at: now.toISOString() }).execute();
    const refund = () =>
      t.request({
        method: 'POST',
        url: `${base(app.id)}/entries/${payment.id}/refund`,
        payload: { amountMinor: 100_000, reason: 'Cancelled', method: 'cash' },
        token: owner.token,
      });
    const held = await refund();
    expect([held.statusCode, held.json().message]).toEqual([409, MONEY_RACE_TEXTS.refundUnderWay]);
    expect((await ledgerOf(app.id)).refundedMinor).toBe(0);
    const died = new Date(now.getTime() - 11 * 60_000).toISOString();
    await t.db.updateTable('refund_claims').set({ claimed_at: died }).where('payment_id', '=', payment.id).execute();
    expect((await refund()).statusCode).toBe(200);
    expect(await t.db.selectFrom('refund_claims').select('payment_id').where('payment_id', '=', payment.id).execute()).toEqual([]);
  });
});

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
      // The file's earlier payments took the first numbers of the year.
      receipt: { number: expect.stringMatching(/^2026-27\/\d{6}$/) },
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
    // More than the payment is a mistake in the request; more than earlier refunds left is the ledger's state.
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([409, MONEY_TEXTS.refundTooLarge(200_000)]);
    const beyond = await t.request({
      method: 'POST',
      url: refundUrl,
      payload: { amountMinor: 300_001, reason: 'More', method: 'cash' },
      token: owner.token,
    });
    expect([beyond.statusCode, beyond.json().message]).toEqual([400, MONEY_TEXTS.refundTooLarge(200_000)]);
    expect(await ledgerOf(second.id)).toMatchObject({ paidMinor: 300_000, refundedMinor: 100_000, balanceMinor: -200_000 });
  });
});
