import { describe, expect, it } from 'vitest';
import { MONEY_RACE_TEXTS, MONEY_TEXTS } from '@visa/shared/money';
import { PAY_LINK_NOT_VALID } from '@visa/shared/pay-page';
import { SSLCOMMERZ_TEXTS } from '@visa/shared/sslcommerz';
import { loggingTwin } from '@visa/test-support/file-app';
import { FAKE_STORE, signSslcommerzForm } from '@visa/test-support/sslcommerz-fake';
import {
  PUBLIC_URL,
  back,
  clock,
  ipn,
  moneyOf,
  owingWithLink,
  sslcommerzHarness,
  start,
  startedAttempt,
  stateOf,
} from './sslcommerz-harness.js';

// Paying a payment link through SSLCommerz (ADR 0089), by HTTP end to end against the fake.
const h = sslcommerzHarness();

describe('starting a payment', () => {
  it('starts one for what is due and tells SSLCommerz only the first name', async () => {
    const { token } = await owingWithLink(h.t, 250_005);
    const res = await start(h.t, token);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ redirectUrl: string }>().redirectUrl).toMatch(new RegExp(`^${h.fake.url}/gwprocess/v4/gw.php\\?Q=pay&SESSIONKEY=`));
    const session = [...h.fake.sessions.values()].at(-1)!;
    expect(session.amount).toBe('2500.05');
    expect(session.form.get('currency')).toBe('BDT');
    expect(session.form.get('cus_name')).toBe('Karim');
    const sent = session.form.toString();
    expect(sent).not.toMatch(/Rahman|karim\.rahman/i);
    expect(session.form.get('ipn_url')).toBe(`${PUBLIC_URL}/api/pay/sslcommerz/ipn`);
    expect(session.form.get('success_url')).toBe(`${PUBLIC_URL}/api/pay/sslcommerz/return/success?lang=en`);
    expect(sent).not.toContain(token);
  });

  it('refuses a missing or unknown token, a paid link, and says so when SSLCommerz refuses', async () => {
    expect((await start(h.t, undefined)).json()).toMatchObject({ message: PAY_LINK_NOT_VALID });
    const unknown = await start(h.t, 'not-a-token');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, PAY_LINK_NOT_VALID]);

    const { applicationId, token } = await owingWithLink(h.t, 100_000);
    h.fake.failures.refuseSession = true;
    const refused = await start(h.t, token);
    h.fake.reset();
    expect([refused.statusCode, refused.json().message]).toEqual([502, SSLCOMMERZ_TEXTS.gatewayRefused]);
    const attempts = await h.t.db.selectFrom('gateway_payments').select('state').where('application_id', '=', applicationId).execute();
    expect(attempts).toEqual([{ state: 'failed' }]);

    const bad = await h.t.request({ method: 'POST', url: '/api/pay/sslcommerz', token, payload: { language: 'fr' } });
    expect(bad.statusCode).toBe(400);

    const attemptId = await startedAttempt(h, token);
    await back(h.t, 'success', h.fake.pay(attemptId));
    const nothing = await start(h.t, token);
    // Paid in full, the link is done with: it answers as any link that does not work.
    expect([nothing.statusCode, nothing.json().message]).toEqual([404, PAY_LINK_NOT_VALID]);
  });
});

describe('one open attempt per link', () => {
  it('sends a second start to the same page, opens one attempt for starts at once, and a new page only once the old is stale', async () => {
    const { applicationId, token } = await owingWithLink(h.t, 90_000);
    const first = await start(h.t, token);
    expect(first.statusCode).toBe(200);
    const sessions = h.fake.sessions.size;
    expect((await start(h.t, token)).json()).toEqual(first.json());
    expect(h.fake.sessions.size).toBe(sessions);

    const other = await owingWithLink(h.t, 90_000);
    const together = await Promise.all([start(h.t, other.token), start(h.t, other.token), start(h.t, other.token)]);
    for (const res of together) {
      expect([200, 409]).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().message).toBe(MONEY_RACE_TEXTS.payStartUnderWay);
    }
    const open = await h.t.db.selectFrom('gateway_payments').select('id').where('application_id', '=', other.applicationId).execute();
    expect(open).toHaveLength(1);

    // Sixteen minutes on, the page is not sent again: a new one is made, and the old one stays open for the job.
    const was = clock.now;
    clock.now = new Date(was.getTime() + 16 * 60_000);
    const firstId = (
      await h.t.db.selectFrom('gateway_payments').select('id').where('application_id', '=', applicationId).executeTakeFirstOrThrow()
    ).id;
    const laterId = await startedAttempt(h, token);
    expect(laterId).not.toBe(firstId);
    expect(await stateOf(h.t, firstId)).toBe('started');
    // Both pages paid: both recorded, the later marked as credit for staff to refund.
    await ipn(h.t, h.fake.pay(laterId));
    await ipn(h.t, h.fake.pay(firstId));
    clock.now = was;
    expect(await moneyOf(h.t, applicationId)).toEqual({ payments: 2, receipts: 2, due: -90_000 });
    const marked = await h.t.db
      .selectFrom('ledger_entries')
      .select('description')
      .where('application_id', '=', applicationId)
      .where('kind', '=', 'payment')
      .execute();
    expect(marked.map((e) => e.description)).toEqual(['', MONEY_TEXTS.gatewayOverpaid(90_000)]);
  });
});

describe('settling a payment', () => {
  it('records a payment SSLCommerz confirmed in another amount as confirmed, and tells staff', async () => {
    const { applicationId, token } = await owingWithLink(h.t, 80_000);
    const attemptId = await startedAttempt(h, token);
    const paid = h.fake.pay(attemptId);
    // A form claiming another amount without SSLCommerz's signature records nothing.
    expect((await ipn(h.t, { ...paid, amount: '801.00' })).statusCode).toBe(400);
    expect(await moneyOf(h.t, applicationId)).toMatchObject({ payments: 0, due: 80_000 });
    h.fake.failures.wrongAmount = true;
    expect((await back(h.t, 'success', paid)).headers.location).toBe(`${PUBLIC_URL}/pay?result=paid`);
    h.fake.reset();
    expect(await moneyOf(h.t, applicationId)).toEqual({ payments: 1, receipts: 1, due: -100 });
    const entry = await h.t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('application_id', '=', applicationId)
      .where('kind', '=', 'payment')
      .executeTakeFirstOrThrow();
    expect([Number(entry.amount_minor), entry.description]).toEqual([80_100, MONEY_TEXTS.gatewayAmountDiffers(80_000, 80_100)]);
    const audit = await h.t.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'money.gateway_check')
      .where('entity_id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toMatchObject({ attemptId, askedMinor: 80_000, paidMinor: 80_100 });
  });

  it('records it once from the return, two IPNs and a replayed return, and sends the payer back in their language', async () => {
    const { applicationId, token } = await owingWithLink(h.t, 300_000);
    const attemptId = await startedAttempt(h, token, 'bn');
    const paid = h.fake.pay(attemptId);

    const returned = await back(h.t, 'success', paid, 'bn');
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`${PUBLIC_URL}/bn/pay?result=paid`);
    expect((await ipn(h.t, paid)).json()).toEqual({ received: true });
    expect((await ipn(h.t, paid)).statusCode).toBe(200);
    expect((await back(h.t, 'success', paid, 'bn')).headers.location).toBe(`${PUBLIC_URL}/bn/pay?result=paid`);

    expect(await moneyOf(h.t, applicationId)).toEqual({ payments: 1, receipts: 1, due: 0 });
    const attempt = await h.t.db.selectFrom('gateway_payments').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();
    expect([attempt.state, attempt.gateway_trx_id, attempt.gateway_ref]).toEqual(['paid', paid.bank_tran_id, paid.val_id]);
  });

  it('records it from the IPN alone when the payer closed the tab', async () => {
    const { applicationId, token } = await owingWithLink(h.t, 120_000);
    const attemptId = await startedAttempt(h, token);
    const paid = h.fake.pay(attemptId);
    await Promise.all([ipn(h.t, paid), ipn(h.t, paid)]);
    expect(await moneyOf(h.t, applicationId)).toEqual({ payments: 1, receipts: 1, due: 0 });
  });

  it('records nothing from a forged IPN or return, and nothing the validation API does not confirm', async () => {
    const { applicationId, token } = await owingWithLink(h.t, 150_000);
    const attemptId = await startedAttempt(h, token);
    const paid = h.fake.pay(attemptId);
    const validationsBefore = h.fake.validations;

    const forged = signSslcommerzForm({ ...paid, verify_sign: '', verify_key: '' }, 'not-the-store-password');
    const refused = await ipn(h.t, forged);
    expect([refused.statusCode, refused.json().message]).toEqual([400, SSLCOMMERZ_TEXTS.badSignature]);
    const tampered = { ...paid, amount: '1.00' };
    expect((await ipn(h.t, tampered)).statusCode).toBe(400);
    expect((await back(h.t, 'success', forged)).headers.location).toBe(`${PUBLIC_URL}/pay?result=pending`);
    // A forged "failed" does not stop the attempt either.
    expect((await back(h.t, 'fail', signSslcommerzForm({ tran_id: attemptId, status: 'FAILED' }, 'guess'))).headers.location).toBe(
      `${PUBLIC_URL}/pay?result=failed`,
    );
    expect(h.fake.validations).toBe(validationsBefore);

    for (const failure of ['invalidStatus', 'emptyValidation'] as const) {
      h.fake.failures[failure] = true;
      expect((await ipn(h.t, paid)).statusCode).toBe(200);
      expect((await back(h.t, 'success', paid)).headers.location).toBe(`${PUBLIC_URL}/pay?result=pending`);
      h.fake.reset();
    }
    expect(await moneyOf(h.t, applicationId)).toMatchObject({ payments: 0, due: 150_000 });
    expect(await stateOf(h.t, attemptId)).toBe('started');

    // SSLCommerz answers again: the same IPN is recorded.
    await ipn(h.t, paid);
    expect(await moneyOf(h.t, applicationId)).toEqual({ payments: 1, receipts: 1, due: 0 });
  });

  it('waits no longer than its time-out for the validation API, and leaves the attempt to be asked again', async () => {
    const { applicationId, token } = await owingWithLink(h.t, 80_000);
    const attemptId = await startedAttempt(h, token);
    const paid = h.fake.pay(attemptId);
    h.fake.failures.slowMs = 1500;
    const returned = await back(h.t, 'success', paid);
    h.fake.reset();
    expect(returned.headers.location).toBe(`${PUBLIC_URL}/pay?result=pending`);
    expect(await moneyOf(h.t, applicationId)).toMatchObject({ payments: 0 });
    expect(await stateOf(h.t, attemptId)).toBe('started');
  });

  it('settles a cancelled or failed payment unpaid, and a late payment after it still once', async () => {
    const { applicationId, token } = await owingWithLink(h.t, 90_000);
    const cancelledId = await startedAttempt(h, token);
    const cancelled = await back(h.t, 'cancel', h.fake.decline(cancelledId, 'CANCELLED'), 'bn');
    expect(cancelled.headers.location).toBe(`${PUBLIC_URL}/bn/pay?result=cancelled`);
    expect(await stateOf(h.t, cancelledId)).toBe('cancelled');

    const failedId = await startedAttempt(h, token);
    await ipn(h.t, h.fake.decline(failedId, 'FAILED'));
    expect(await stateOf(h.t, failedId)).toBe('failed');
    const late = h.fake.pay(failedId);
    await ipn(h.t, late);
    await back(h.t, 'success', late);
    expect(await moneyOf(h.t, applicationId)).toEqual({ payments: 1, receipts: 1, due: 0 });
  });

  it('answers a return naming no attempt of ours without recording anything', async () => {
    const res = await back(h.t, 'success', signSslcommerzForm({ tran_id: 'NOT-OURS', val_id: 'X', status: 'VALID' }, h.fake.url));
    expect(res.headers.location).toBe(`${PUBLIC_URL}/pay?result=failed`);
    expect((await back(h.t, 'elsewhere', {})).statusCode).toBe(400);
    const unsigned = await h.t.app.inject({ method: 'POST', url: '/api/pay/sslcommerz/ipn', payload: { tran_id: 'x' } });
    expect(unsigned.statusCode).toBe(400);
  });
});

describe('the logs', () => {
  it('carry none of the store password, the link token, the payer or the gateway’s ids, at the most verbose level', async () => {
    const lines: string[] = [];
    const twin = await loggingTwin(h.t, lines, () => clock.now);
    await twin.ready();
    try {
      const { token } = await owingWithLink(h.t, 70_000);
      const xsrf = { 'x-xsrf-token': 'x', cookie: 'XSRF-TOKEN=x' };
      const started = await twin.inject({
        method: 'POST',
        url: '/api/pay/sslcommerz',
        headers: { authorization: `Bearer ${token}`, ...xsrf },
        payload: {},
      });
      expect(started.statusCode).toBe(200);
      const tranId = [...h.fake.sessions.keys()].at(-1)!;
      const paid = h.fake.pay(tranId);
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const payload = new URLSearchParams(paid).toString();
      expect((await twin.inject({ method: 'POST', url: '/api/pay/sslcommerz/return/success', headers: form, payload })).statusCode).toBe(
        303,
      );
      expect(
        (await twin.inject({ method: 'POST', url: '/api/pay/sslcommerz/ipn', headers: form, payload: `${payload}x` })).statusCode,
      ).toBe(400);
      const logged = lines.join('\n');
      expect(logged).toContain('/api/pay/sslcommerz');
      for (const secret of [FAKE_STORE.password, token, paid.val_id!, paid.bank_tran_id!, paid.verify_sign!, paid.card_no!, 'Karim']) {
        expect(logged).not.toContain(secret);
      }
    } finally {
      await twin.close();
    }
  });
});
