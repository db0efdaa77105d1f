import { loggingTwin } from '@visa/test-support/file-app';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BRAND_NAME } from '@visa/shared/constants';
import { LedgerSchema } from '@visa/shared/money';
import { CONTACT_TEXTS, countSms, DEFAULT_MESSAGE_SETTINGS } from '@visa/shared/notices';
import { RECEIPT_STAFF_TEXTS } from '@visa/shared/receipt-words';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { setAgreedChannels } from '../../src/modules/domain/applicant-notices/channel-agreements-repository.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { createApplication } from '@visa/test-support/applications';
import { deliveredMail, documentTokenIn } from '@visa/test-support/document-request-links';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { FAKE_TWILIO, FAKE_WHATSAPP, type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';

/**
 * A document request's link by SMS and WhatsApp (ADR 0055), through the fake providers on loopback:
 * it opens the list, and once sent no token is left in the database nor ever in the logs, read at
 * the most verbose level. A payment link (ADR 0091) and a receipt (ADR 0093) go the same way.
 */

const XSRF = 'link-xsrf-value';
const REQUEST_SUBJECT = 'Documents needed / প্রয়োজনীয় কাগজপত্র';
/** 12:00 in Dhaka (UTC+6). */
const NOON_DHAKA = new Date('2026-11-26T06:00:00.000Z');
let clock = NOON_DHAKA;
let fake: FakeProviders;
const logs: string[] = [];

interface Harness {
  t: TestApp;
  app: FastifyInstance;
  token: string;
}
const harnesses: Harness[] = [];

async function setup(env: Record<string, string>): Promise<Harness> {
  const t = await createTestApp(env, { now: () => clock });
  await t.app.outbox.stop();
  // The same database and configuration, logging everything into `logs`.
  const app = await loggingTwin(t, logs, () => clock);
  await app.ready();
  await app.outbox.stop();
  const h = { t, app, token: (await t.createStaff('admin')).token };
  harnesses.push(h);
  return h;
}

const send = (h: Harness, options: InjectOptions & { headers?: Record<string, string> }) =>
  h.app.inject({
    ...options,
    headers: { 'x-xsrf-token': XSRF, cookie: `XSRF-TOKEN=${XSRF}`, authorization: `Bearer ${h.token}`, ...options.headers },
  });

async function requestDocuments(h: Harness, channels: ('email' | 'sms' | 'whatsapp')[], phone = '+8801712345678') {
  // A session of its own, begun at the test's clock.
  h.token = (await h.t.createStaff('admin')).token;
  const application = await createApplication(h.t.db, { given_name: 'Rahim Uddin', surname: 'Chowdhury', phone });
  await setAgreedChannels(h.t.db, application.id, channels, null, clock);
  const res = await send(h, {
    method: 'POST',
    url: `/api/application/documentRequest/${application.id}`,
    payload: { dueDate: '2026-11-30', checklistItems: ['passport'] },
  });
  return { application, res };
}

const opens = async (h: Harness, token: string) =>
  (await send(h, { method: 'GET', url: '/api/documents', headers: { 'x-document-token': token } })).json() as { firstName?: string };

/** Every row the link's application left in the tables that could hold a token. */
async function stored(h: Harness, applicationId: string): Promise<string> {
  const rows = await Promise.all([
    h.t.db.selectFrom('outbox').selectAll().where('application_id', '=', applicationId).execute(),
    h.t.db.selectFrom('document_requests').selectAll().where('application_id', '=', applicationId).execute(),
    listAuditFor(h.t.db, 'application', applicationId),
  ]);
  return JSON.stringify(rows);
}

/** An applicant on `channels` who paid `amountMinor` at the office, its receipt, and sending it. */
async function paidReceipt(h: Harness, channels: ('email' | 'sms' | 'whatsapp')[], phone: string, amountMinor = 200_000) {
  h.token = (await h.t.createStaff('admin')).token;
  const application = await createApplication(h.t.db, { given_name: 'Rahim Uddin', phone });
  await setAgreedChannels(h.t.db, application.id, channels, null, clock);
  const money = `/api/application/money/${application.id}`;
  const payment = { kind: 'payment', method: 'cash', amountMinor, occurredOn: '2026-11-26' };
  expect((await send(h, { method: 'POST', url: `${money}/entries`, payload: payment })).statusCode).toBe(200);
  const ledger = LedgerSchema.parse((await send(h, { method: 'GET', url: money })).json());
  const receipt = ledger.entries.find((e) => e.receipt)!.receipt!;
  const sendIt = () => send(h, { method: 'POST', url: `${money}/receipts/${receipt.id}/send` });
  return { application, receipt, sendIt };
}

const texts = async (h: Harness, applicationId: string) =>
  h.t.db
    .selectFrom('outbox')
    .select(['kind', 'status', 'secret', 'last_error'])
    .where('channel', 'in', ['sms', 'whatsapp'])
    .where('application_id', '=', applicationId)
    .execute();

const linkIn = (text: string) => /\/documents#([\w-]{43})$/.exec(text)?.[1];

beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(async () => {
  for (const h of harnesses) {
    await h.app.close();
    await h.t.close();
  }
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.received.length = 0;
  clock = NOON_DHAKA;
});

describe('the link by an SMS aggregator and WhatsApp', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await setup({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `${fake.url}/sms`,
      SMS_HTTP_METHOD: 'POST',
      SMS_HTTP_PARAMS: 'api_key=KEY&senderid=8809601&number={to}&message={text}',
      SMS_HTTP_FAILURE: '"response_code":\\s*(?!202)\\d+',
      WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
      WHATSAPP_API_URL: fake.url,
    });
  });
  beforeEach(async () => {
    await setSetting(h.t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true } }, null);
  });

  it('sends the link at once on each agreed channel, in Bangla, and it opens the list; no token is kept or logged', async () => {
    const before = logs.length;
    const { application, res } = await requestDocuments(h, ['sms', 'whatsapp']);
    // No email agreed to: the phone channels carry the link alone.
    expect(res.statusCode, res.body).toBe(200);
    await h.app.outbox.runOnce(clock);
    expect(fake.received).toHaveLength(2);
    const sms = fake.received.find((r) => r.path === '/sms')!;
    expect(sms.form.get('number')).toBe('8801712345678');
    const text = sms.form.get('message')!;
    expect(text.startsWith('প্রিয় Rahim, ')).toBe(true);
    expect(text).toContain('৩০ নভে, ২০২৬ তারিখের মধ্যে');
    expect(countSms(text)).toMatchObject({ encoding: 'UCS-2', parts: expect.any(Number) });
    expect(countSms(text).parts).toBeLessThanOrEqual(4);
    expect(text).toContain(`${h.t.config.publicUrl}/bn/documents#`);
    const token = linkIn(text)!;
    expect(token).toBeDefined();
    expect((await opens(h, token)).firstName).toBe('Rahim');

    const whatsapp = fake.received.find((r) => r.path === `/${FAKE_WHATSAPP.phoneNumberId}/messages`)!;
    expect(whatsapp.json).toMatchObject({
      to: '8801712345678',
      type: 'template',
      template: {
        name: 'document_request_link',
        language: { code: 'bn' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Rahim' },
              { type: 'text', text: '৩০ নভে, ২০২৬' },
              { type: 'text', text: `${h.t.config.publicUrl}/bn/documents#${token}` },
            ],
          },
        ],
      },
    });

    expect(await stored(h, application.id)).not.toContain(token);
    const rows = await h.t.db
      .selectFrom('outbox')
      .select(['kind', 'status', 'secret'])
      .where('channel', 'in', ['sms', 'whatsapp'])
      .where('application_id', '=', application.id)
      .execute();
    expect(rows).toEqual([
      { kind: 'documents', status: 'sent', secret: null },
      { kind: 'documents', status: 'sent', secret: null },
    ]);
    const history = (await listAuditFor(h.t.db, 'application', application.id)).map((e) => [
      e.action,
      e.details.channel ?? e.details.channels,
    ]);
    expect(history).toEqual(
      expect.arrayContaining([
        ['document_request.sent', ['sms', 'whatsapp']],
        ['message.sent', 'sms'],
        ['message.sent', 'whatsapp'],
      ]),
    );
    const written = logs.slice(before).join('\n');
    expect(written).toContain('/api/application/documentRequest/');
    expect(written).not.toContain(token);
  });

  it('a payment link (ADR 0091) goes the same way, in Bangla, and opens the pay page; no token is kept or logged', async () => {
    const before = logs.length;
    h.token = (await h.t.createStaff('admin')).token;
    const application = await createApplication(h.t.db, { given_name: 'Rahim Uddin', phone: '+8801912345670' });
    await setAgreedChannels(h.t.db, application.id, ['sms', 'whatsapp'], null, clock);
    const entry = { kind: 'charge', description: 'Service fee', amountMinor: 500_000, currency: 'BDT', occurredOn: '2026-11-26' };
    expect((await send(h, { method: 'POST', url: `/api/application/money/${application.id}/entries`, payload: entry })).statusCode).toBe(
      200,
    );
    const res = await send(h, { method: 'POST', url: `/api/application/money/${application.id}/pay-links` });
    expect(res.json()).toMatchObject({ channels: ['sms', 'whatsapp'] });
    await h.app.outbox.runOnce(clock);
    const text = fake.received.find((r) => r.path === '/sms')!.form.get('message')!;
    expect(text.startsWith('প্রিয় Rahim, ')).toBe(true);
    const token = /\/bn\/pay#([\w-]{43})$/.exec(text)?.[1];
    expect(token).toBeDefined();
    const whatsapp = fake.received.find((r) => r.path === `/${FAKE_WHATSAPP.phoneNumberId}/messages`)!;
    expect(whatsapp.json).toMatchObject({
      template: {
        name: 'payment_link',
        language: { code: 'bn' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Rahim' },
              { type: 'text', text: `${h.t.config.publicUrl}/bn/pay#${token}` },
            ],
          },
        ],
      },
    });
    const page = await send(h, { method: 'GET', url: '/api/pay', headers: { authorization: `Bearer ${token!}` } });
    expect(page.json()).toMatchObject({ firstName: 'Rahim', dueMinor: 500_000 });
    expect(await stored(h, application.id)).not.toContain(token);
    expect(logs.slice(before).join('\n')).not.toContain(token);
  });

  it('sends a receipt by SMS and WhatsApp to an applicant who agreed to no email, in Bangla, again when sent again', async () => {
    const before = logs.length;
    const { application, receipt, sendIt } = await paidReceipt(h, ['sms', 'whatsapp'], '+8801912345671');
    const link = `${h.t.config.publicUrl}/bn/receipt#${receipt.verifyCode}`;
    for (const round of [1, 2]) {
      const res = await sendIt();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ channels: ['sms', 'whatsapp'] });
      await h.app.outbox.runOnce(clock);
      expect(fake.received).toHaveLength(2 * round);
    }
    const sms = fake.received.filter((r) => r.path === '/sms').map((r) => r.form.get('message'));
    const text = `প্রিয় Rahim, ${BRAND_NAME.bn} ২৬ নভে, ২০২৬ তারিখে আপনার ৳২,০০০.০০ পরিশোধ পেয়েছে। রসিদ নং ${receipt.number}। এখানে যাচাই করুন: ${link}`;
    expect(sms).toEqual([text, text]);
    const whatsapp = fake.received.find((r) => r.path === `/${FAKE_WHATSAPP.phoneNumberId}/messages`)!;
    const parameters = ['Rahim', '৳২,০০০.০০', '২৬ নভে, ২০২৬', receipt.number, link].map((text) => ({ type: 'text', text }));
    expect(whatsapp.json).toMatchObject({
      to: '8801912345671',
      template: { name: 'payment_receipt', language: { code: 'bn' }, components: [{ type: 'body', parameters }] },
    });
    // Sent, the check code is gone from the outbox; neither it nor the phone number is ever in the logs.
    expect(await texts(h, application.id)).toEqual(Array(4).fill({ kind: 'receipt', status: 'sent', secret: null, last_error: null }));
    const written = logs.slice(before).join('\n');
    expect(written).toContain('/api/application/money/:id/receipts/:receiptId/send');
    expect(written).not.toContain(receipt.verifyCode);
    expect(written).not.toContain('1912345671');
  });

  it('sends a receipt by email and SMS, the SMS in English for a number outside Bangladesh', async () => {
    const { application, receipt, sendIt } = await paidReceipt(h, ['email', 'sms'], '+447700900124', 150_000);
    expect((await sendIt()).json()).toEqual({ channels: ['email', 'sms'] });
    await h.app.outbox.runOnce(clock);
    expect(fake.received.map((r) => r.form.get('message'))).toEqual([
      `Dear Rahim, ${BRAND_NAME.en} received your payment of ৳1,500.00 on 26 Nov 2026. Receipt no. ${receipt.number}. Check it here: ${h.t.config.publicUrl}/receipt#${receipt.verifyCode}`,
    ]);
    const email = await deliveredMail(h.t, application.email, `Receipt ${receipt.number} / রসিদ ${receipt.number}`);
    expect(email).toContain('৳1,500.00');
  });

  it('sends no receipt to an applicant erased or withdrawn, even one already waiting, nor with no channel to go by', async () => {
    for (const [column, reason, message] of [
      ['consent_withdrawn_at', 'consent withdrawn', CONTACT_TEXTS.consentWithdrawn],
      ['anonymised_at', 'erased', CONTACT_TEXTS.erased],
    ] as const) {
      const { application, sendIt } = await paidReceipt(h, ['sms', 'whatsapp'], '+8801912345672');
      expect((await sendIt()).statusCode).toBe(200);
      await h.t.db
        .updateTable('applications')
        .set({ [column]: clock.toISOString() })
        .where('id', '=', application.id)
        .execute();
      await h.app.outbox.runOnce(clock);
      expect(fake.received).toEqual([]);
      expect(await texts(h, application.id)).toEqual(
        Array(2).fill({ kind: 'receipt', status: 'skipped', secret: null, last_error: reason }),
      );
      const refused = await sendIt();
      expect([refused.statusCode, refused.json().message]).toEqual([409, message]);
      expect(await texts(h, application.id)).toHaveLength(2);
    }
    await setSetting(h.t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: false, whatsapp: false } }, null);
    const { application, sendIt } = await paidReceipt(h, ['sms', 'whatsapp'], '+8801912345673');
    const refused = await sendIt();
    expect([refused.statusCode, refused.json().message]).toEqual([409, RECEIPT_STAFF_TEXTS.noChannel]);
    expect(await texts(h, application.id)).toEqual([]);
  });

  it('holds the link only through the night (00:00–08:00), not through the office quiet hours', async () => {
    // 22:00 in Dhaka: inside the office's quiet hours, outside the night.
    clock = new Date('2026-11-26T16:00:00.000Z');
    const evening = await requestDocuments(h, ['sms']);
    await h.app.outbox.runOnce(clock);
    expect(fake.received).toHaveLength(1);
    expect(linkIn(fake.received[0]!.form.get('message')!)).toBeDefined();
    // 02:00 in Dhaka: it waits for eight.
    clock = new Date('2026-11-26T20:00:00.000Z');
    const night = await requestDocuments(h, ['sms']);
    await h.app.outbox.runOnce(clock);
    await h.app.outbox.runOnce(new Date('2026-11-27T01:59:00.000Z'));
    expect(fake.received).toHaveLength(1);
    await h.app.outbox.runOnce(new Date('2026-11-27T02:00:00.000Z'));
    expect(fake.received).toHaveLength(2);
    const token = linkIn(fake.received[1]!.form.get('message')!)!;
    expect((await opens(h, token)).firstName).toBe('Rahim');
    expect(await stored(h, night.application.id)).not.toContain(token);
    expect(evening.application.id).not.toBe(night.application.id);
  });

  it('drops a link still waiting when a new request replaces it or staff revoke it, token and all', async () => {
    clock = new Date('2026-11-26T20:00:00.000Z');
    const { application } = await requestDocuments(h, ['sms']);
    const waiting = await h.t.db
      .selectFrom('outbox')
      .select(['secret'])
      .where('channel', 'in', ['sms', 'whatsapp'])
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(waiting.secret).toMatch(/^[\w-]{43}$/);
    const revoked = await send(h, { method: 'DELETE', url: `/api/application/documentRequest/${application.id}` });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const rows = await h.t.db
      .selectFrom('outbox')
      .select(['status', 'secret', 'last_error'])
      .where('channel', 'in', ['sms', 'whatsapp'])
      .where('application_id', '=', application.id)
      .execute();
    expect(rows).toEqual([{ status: 'skipped', secret: null, last_error: 'link revoked' }]);
    await h.app.outbox.runOnce(new Date('2026-11-27T03:00:00.000Z'));
    expect(fake.received).toHaveLength(0);
  });

  it('keeps no token when the aggregator refuses, even one that echoes the text', async () => {
    fake.mode = 'refuse';
    const { application } = await requestDocuments(h, ['sms']);
    await h.app.outbox.runOnce(clock);
    const token = linkIn(fake.received[0]!.form.get('message')!)!;
    const [row] = await h.t.db
      .selectFrom('outbox')
      .select(['status', 'secret', 'last_error'])
      .where('channel', 'in', ['sms', 'whatsapp'])
      .where('application_id', '=', application.id)
      .execute();
    expect(row).toMatchObject({ status: 'failed', secret: null, last_error: expect.stringContaining('Balance Insufficient') });
    // Not even the part of it a shortened error would keep.
    expect(await stored(h, application.id)).not.toContain(token.slice(0, 12));
  });

  it('refuses a request no channel can carry, and keeps nothing of it', async () => {
    await setSetting(h.t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: false, whatsapp: false } }, null);
    const { application, res } = await requestDocuments(h, ['sms']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('The link cannot reach this applicant');
    expect(await h.t.db.selectFrom('document_requests').select('id').where('application_id', '=', application.id).execute()).toEqual([]);
  });
});

describe('the link by Twilio and email', () => {
  it('sends the same working link by email and SMS, in English for a number outside Bangladesh', async () => {
    const h = await setup({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.sid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.token,
      TWILIO_FROM: FAKE_TWILIO.from,
      TWILIO_API_URL: fake.url,
    });
    await setSetting(h.t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: false } }, null);
    const { application, res } = await requestDocuments(h, ['email', 'sms'], '+447700900123');
    expect(res.statusCode, res.body).toBe(200);
    await h.app.outbox.runOnce(clock);
    const body = fake.received.find((r) => r.path.endsWith('/Messages.json'))!.form.get('Body')!;
    expect(body).toMatch(/^Dear Rahim, .* needs documents from you by 30 Nov 2026\./);
    expect(body).toContain(`${h.t.config.publicUrl}/documents#`);
    const token = linkIn(body)!;
    expect(documentTokenIn(await deliveredMail(h.t, application.email, REQUEST_SUBJECT))).toBe(token);
    expect((await opens(h, token)).firstName).toBe('Rahim');
    expect(await stored(h, application.id)).not.toContain(token);
  });
});
