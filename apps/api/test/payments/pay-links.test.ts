import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT_TEXTS } from '@visa/shared/notices';
import { PAY_LINK_TEXTS } from '@visa/shared/pay-links';
import { PAY_LINK_NOT_VALID } from '@visa/shared/pay-page';
import { createApplication } from '@visa/test-support/applications';
import { emlText } from '@visa/test-support/document-request-links';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { attemptOn } from '@visa/test-support/payment-links';
import { dataDirLayout } from '../../src/infra/data-dir.js';
import { enabledGateways } from '../../src/modules/domain/payments/gateways.js';
import { settlePaid } from '../../src/modules/domain/payments/service.js';

// Payment links (ADR 0091): sent like document-request links, opening only what is due.
let clock = new Date('2027-01-12T04:00:00.000Z');
const start = clock;
const t = appForFile({ APP_TIMEZONE: 'Asia/Dhaka' }, { now: () => clock });
const clerk = staffForFile(t, 'admin');

const SUBJECT = 'Payment link / পেমেন্ট লিংক';
const send = (id: string) => t.request({ method: 'POST', url: `/api/application/money/${id}/pay-links`, token: clerk.token });
const page = (token: string | undefined, ip = '198.51.100.7') =>
  t.request({
    method: 'GET',
    url: '/api/pay',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    remoteAddress: ip,
  });
const charge = async (id: string, amountMinor: number) => {
  const res = await t.request({
    method: 'POST',
    url: `/api/application/money/${id}/entries`,
    token: clerk.token,
    payload: { kind: 'charge', description: 'Service fee', amountMinor, currency: 'BDT', occurredOn: '2027-01-12' },
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** The newest payment-link email to `to`, as the mail worker delivered it on the test's clock. */
async function deliveredMail(to: string): Promise<string> {
  const mail = await t.db
    .selectFrom('outbox')
    .select('id')
    .where('recipient', '=', to)
    .where('subject', '=', SUBJECT)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await t.app.outbox.runOnce(clock);
  return emlText(fs.readFileSync(path.join(dataDirLayout(t.dataDir).outbox, `${mail.id}.eml`), 'utf8'));
}
const tokenIn = (text: string) => {
  const token = /\/pay#([\w-]{43})/.exec(text)?.[1];
  expect(token).toBeTruthy();
  return token!;
};

async function owingWithLink(amountMinor = 2_500_000) {
  const application = await createApplication(t.db, { given_name: 'Rahim Uddin', surname: 'Chowdhury' });
  await charge(application.id, amountMinor);
  const res = await send(application.id);
  expect(res.statusCode, res.body).toBe(200);
  const mail = await deliveredMail(application.email);
  return { application, answer: res.json(), token: tokenIn(mail), mail };
}

describe('payment links', () => {
  it('emails a link that opens the first name, what is due and the office; only its hash is kept', async () => {
    const { application, answer, token, mail } = await owingWithLink();
    // A week by default; the answer names where it went, never the link.
    expect(answer).toEqual({ expiresAt: '2027-01-19T04:00:00.000Z', channels: ['email'] });
    expect(mail).toContain('৳25,000.00');
    expect(mail).toContain(`${t.config.publicUrl}/bn/pay#${token}`);
    const res = await page(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json()).toEqual({ firstName: 'Rahim', dueMinor: 2_500_000, office: { name: expect.any(Object) }, gateways: [] });
    for (const secret of [application.passport, application.surname, application.email, application.phone, application.id]) {
      expect(res.body).not.toContain(secret);
    }
    const stored = JSON.stringify(await t.db.selectFrom('payment_links').selectAll().execute());
    expect(stored).not.toContain(token);
    const outbox = JSON.stringify(await t.db.selectFrom('outbox').selectAll().where('application_id', '=', application.id).execute());
    expect(outbox).not.toContain(token);
    const audit = await t.db.selectFrom('audit_events').select(['action', 'details']).where('entity_id', '=', application.id).execute();
    expect(audit.map((a) => a.action)).toContain('money.link');
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('a new link closes the old; expiry and paying in full close it too; all answer as a wrong token', async () => {
    const { application, token: first } = await owingWithLink(100_000);
    expect((await send(application.id)).statusCode).toBe(200);
    const second = tokenIn(await deliveredMail(application.email));
    const wrong = await page('A'.repeat(43), '198.51.100.20');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: PAY_LINK_NOT_VALID });
    const replaced = await page(first, '198.51.100.20');
    expect((await page(second, '198.51.100.20')).statusCode).toBe(200);

    // Paid in full through a gateway: settling the payment closes the link.
    const attemptId = await attemptOn(t.db, application.id, 100_000, clock);
    expect(await settlePaid(t.db, { attemptId, gatewayTrxId: 'BANK-TRX-1', issuedOn: '2027-01-12', at: clock })).toBe(true);
    const open = await t.db
      .selectFrom('payment_links')
      .select('id')
      .where('application_id', '=', application.id)
      .where('closed_at', 'is', null);
    expect(await open.execute()).toEqual([]);
    const paid = await page(second, '198.51.100.20');

    const { token: third } = await owingWithLink(50_000);
    clock = new Date(start.getTime() + 7 * 24 * 60 * 60_000);
    const expired = await page(third, '198.51.100.20');
    clock = start;
    for (const res of [replaced, paid, expired, await page(undefined, '198.51.100.20')]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(wrong.body);
    }
  });

  it('refuses when nothing is due, or the applicant withdrew consent or was erased, sending nothing', async () => {
    const nothing = await createApplication(t.db, {});
    const none = await send(nothing.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(PAY_LINK_TEXTS.nothingDue);

    const { application, token } = await owingWithLink();
    await t.db.updateTable('applications').set({ consent_withdrawn_at: clock.toISOString() }).where('id', '=', application.id).execute();
    const withdrawn = await send(application.id);
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().message).toBe(CONTACT_TEXTS.consentWithdrawn);
    // The link sent before opens nothing any more.
    expect((await page(token)).statusCode).toBe(404);

    const erased = await createApplication(t.db, {});
    await charge(erased.id, 10_000);
    await t.db.updateTable('applications').set({ anonymised_at: clock.toISOString() }).where('id', '=', erased.id).execute();
    const res = await send(erased.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CONTACT_TEXTS.erased);
    for (const id of [nothing.id, erased.id]) {
      expect(await t.db.selectFrom('payment_links').select('id').where('application_id', '=', id).execute()).toEqual([]);
      expect(await t.db.selectFrom('outbox').select('id').where('application_id', '=', id).execute()).toEqual([]);
    }
    expect((await send('f'.repeat(24))).statusCode).toBe(404);
  });

  it('limits wrong tokens per address', async () => {
    const ip = '198.51.100.99';
    for (let i = 0; i < 20; i++) expect((await page(`x${i}`, ip)).statusCode).toBe(404);
    expect((await page('y', ip)).statusCode).toBe(429);
    expect((await page('y', '198.51.100.100')).statusCode).toBe(404);
  });

  it('offers the gateways whose credentials are configured', () => {
    expect(enabledGateways(t.config)).toEqual([]);
    const bkash = { BKASH_APP_KEY: 'key', BKASH_APP_SECRET: 'secret', BKASH_USERNAME: 'user', BKASH_PASSWORD: 'pass' };
    const sslcommerz = { SSLCOMMERZ_STORE_ID: 'store', SSLCOMMERZ_STORE_PASSWORD: 'store-pass' };
    expect(enabledGateways({ ...t.config, ...bkash })).toEqual(['bkash']);
    expect(enabledGateways({ ...t.config, ...bkash, ...sslcommerz })).toEqual(['bkash', 'sslcommerz']);
  });
});
