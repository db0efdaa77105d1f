import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_SETTINGS } from '@visa/shared/notices';
import { createSmtpMailer } from '../../src/infra/mail-transport.js';
import { setAgreedChannels } from '../../src/modules/domain/applicant-notices/channel-agreements-repository.js';
import { queueStaffEmail } from '../../src/modules/domain/applicant-notices/outbox-repository.js';
import { twilioSignature } from '../../src/modules/domain/applicant-notices/receipts.js';
import { BACKOFF_CAP_MS } from '../../src/modules/domain/applicant-notices/retry.js';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { createApplication } from '@visa/test-support/applications';
import { outboxWorker } from '@visa/test-support/outbox';
import { freePort } from '@visa/test-support/ports';
import { type TestSmtpServer, startSmtpServer } from '@visa/test-support/smtp';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { FAKE_TWILIO, FAKE_WHATSAPP, type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';

/**
 * The one outbox (ADR 0060) with every channel in it at once: a real SMTP server and the fake
 * Twilio and WhatsApp APIs on loopback, workers driven by hand at the test's clock.
 */

const MINUTE = 60_000;
/** 12:00 in Dhaka (UTC+6): outside the default quiet hours. */
const NOON_DHAKA = new Date('2026-11-26T06:00:00.000Z');
const PUBLIC_URL = 'https://visa.example.com';
let clock = NOON_DHAKA;
const after = (ms: number, from = clock) => new Date(from.getTime() + ms);

let fake: FakeProviders;
let smtp: TestSmtpServer;
let t: TestApp;
let owner: { token: string };

beforeAll(async () => {
  fake = await startFakeProviders();
  smtp = await startSmtpServer();
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.sid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.token,
      TWILIO_FROM: FAKE_TWILIO.from,
      TWILIO_API_URL: fake.url,
      WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
      WHATSAPP_API_URL: fake.url,
    },
    { now: () => clock },
  );
  await t.app.outbox.stop();
  await setSetting(t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true } }, null);
  owner = await t.createStaff('superadmin');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await fake.close();
});
beforeEach(async () => {
  clock = NOON_DHAKA;
  fake.mode = 'ok';
  fake.received.length = 0;
  // A session begun at the test's clock.
  owner = await t.createStaff('superadmin');
});

/** An applicant told on every channel, approved: an email due now, an SMS and a WhatsApp message once settled. */
async function approved(phone: string) {
  const row = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman', phone });
  await setAgreedChannels(t.db, row.id, ['email', 'sms', 'whatsapp'], null, clock);
  const res = await t.request({
    method: 'PUT',
    url: `/api/application/updateApplicationApprove/${row.id}`,
    payload: {},
    token: owner.token,
  });
  expect(res.statusCode).toBe(200);
  return row;
}

const rowsOf = (applicationId: string) =>
  t.db
    .selectFrom('outbox')
    .select(['channel', 'status', 'attempts', 'next_attempt_at', 'provider_id'])
    .where('application_id', '=', applicationId)
    .orderBy('channel')
    .execute();

describe('one outbox for every channel', () => {
  it('gives each message, email or text, to exactly one of two workers polling together', async () => {
    const row = await approved('+8801712000001');
    const staffMail = await queueStaffEmail(t.db, { to: 'staff@example.com', subject: 'Alert', text: 'Hello', html: null }, clock);
    const before = smtp.received.length;
    // One message a batch: the two workers take turns at the same rows as often as they can.
    const workers = [1, 2].map(() => outboxWorker(t, createSmtpMailer(smtp.url, 'desk@example.com'), { batchSize: 1 }));
    const due = after(6 * MINUTE);
    const [a, b] = await Promise.all(workers.map((w) => w.runOnce(due)));
    expect(a!.sent + b!.sent).toBe(4);
    await smtp.waitFor(before + 2);
    expect(smtp.received.slice(before).map((m) => m.messageId)).toHaveLength(2);
    expect(smtp.received.slice(before).some((m) => m.messageId === `<${staffMail}@visa-desk>`)).toBe(true);
    expect(fake.received.map((r) => (r.path.endsWith('/Messages.json') ? 'sms' : 'whatsapp')).sort()).toEqual(['sms', 'whatsapp']);
    expect((await rowsOf(row.id)).map((r) => [r.channel, r.status, Number(r.attempts)])).toEqual([
      ['email', 'sent', 1],
      ['sms', 'sent', 1],
      ['whatsapp', 'sent', 1],
    ]);
    await Promise.all(workers.map((w) => w.close()));
  });

  it('backs each channel off, doubling up to the short cap, and gives up after the last attempt', async () => {
    const row = await approved('+8801712000002');
    fake.mode = 'down';
    // An SMTP server that refuses at the connection, and no spread: the waits are exact.
    const worker = outboxWorker(t, createSmtpMailer(`smtp://127.0.0.1:${await freePort()}`, 'desk@example.com'), {
      jitter: 0,
      maxAttempts: 3,
    });
    const first = after(6 * MINUTE);
    await worker.runOnce(first);
    const waits = async (at: Date) =>
      Object.fromEntries((await rowsOf(row.id)).map((r) => [r.channel, Date.parse(r.next_attempt_at) - at.getTime()]));
    expect(await waits(first)).toEqual({ email: 30_000, sms: 30_000, whatsapp: 30_000 });
    const second = after(MINUTE, first);
    await worker.runOnce(second);
    // Doubled, but never past the cap: a service that returns is noticed within it.
    expect(await waits(second)).toEqual({ email: BACKOFF_CAP_MS, sms: BACKOFF_CAP_MS, whatsapp: BACKOFF_CAP_MS });
    await worker.runOnce(after(2 * MINUTE, second));
    expect((await rowsOf(row.id)).map((r) => [r.channel, r.status, Number(r.attempts)])).toEqual([
      ['email', 'failed', 3],
      ['sms', 'failed', 3],
      ['whatsapp', 'failed', 3],
    ]);
    const history = (await listAuditFor(t.db, 'application', row.id)).map((e) => `${e.action} ${String(e.details.channel ?? 'email')}`);
    expect(history.filter((h) => h.startsWith('message.retry'))).toHaveLength(4);
    expect(history).toEqual(expect.arrayContaining(['email.failed email', 'message.failed sms', 'message.failed whatsapp']));
    await worker.close();
  });
});

describe('delivery receipts', () => {
  const receipt = (params: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/messages/receipts/twilio',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(FAKE_TWILIO.token, `${PUBLIC_URL}/api/messages/receipts/twilio`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });

  it('mark what the worker sent as delivered, and still apply once its application is deleted, with no history left to write', async () => {
    const row = await approved('+8801712000003');
    await t.app.outbox.runOnce(after(6 * MINUTE));
    const sms = (await rowsOf(row.id)).find((r) => r.channel === 'sms')!;
    expect(sms).toMatchObject({ status: 'sent', provider_id: expect.stringMatching(/^SM/) });
    const sid = sms.provider_id!;

    expect((await receipt({ MessageSid: sid, MessageStatus: 'delivered', AccountSid: FAKE_TWILIO.sid })).statusCode).toBe(204);
    expect((await rowsOf(row.id)).find((r) => r.channel === 'sms')!.status).toBe('delivered');
    const actions = (await listAuditFor(t.db, 'application', row.id)).map((e) => e.action);
    expect(actions).toContain('message.receipt');

    const deleted = await t.request({ method: 'DELETE', url: `/api/application/deleteApplication/${row.id}`, token: owner.token });
    expect(deleted.statusCode).toBe(200);
    const kept = await t.db
      .selectFrom('outbox')
      .select(['application_id', 'status'])
      .where('provider_id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ application_id: null, status: 'delivered' });
    const failedBefore = (await t.request({ method: 'GET', url: '/api/application/messages/failed', token: owner.token })).json().failed;
    expect((await receipt({ MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' })).statusCode).toBe(204);
    expect(await t.db.selectFrom('outbox').select('status').where('provider_id', '=', sid).executeTakeFirstOrThrow()).toEqual({
      status: 'failed',
    });
    // Nobody to call: the dashboard does not count it.
    expect((await t.request({ method: 'GET', url: '/api/application/messages/failed', token: owner.token })).json().failed).toBe(
      failedBefore,
    );
  });
});
