import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_SETTINGS } from '@visa/shared/notices';
import { createSmtpMailer } from '../../src/infra/mail-transport.js';
import { setAgreedChannels } from '../../src/modules/domain/applicant-notices/channel-agreements-repository.js';
import { claimDue, queueStaffEmail } from '../../src/modules/domain/applicant-notices/outbox-repository.js';
import { BACKOFF_CAP_MS, retryPolicy } from '../../src/modules/domain/applicant-notices/retry.js';
import type { OutboxWorker } from '../../src/modules/domain/applicant-notices/worker.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { createApplication } from '@visa/test-support/applications';
import { outboxWorker } from '@visa/test-support/outbox';
import { freePort } from '@visa/test-support/ports';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { FAKE_TWILIO, FAKE_WHATSAPP, type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';

/**
 * The outbox through an outage of its services (ADR 0068): a real SMTP server that answers 451 to
 * every recipient, and the fake SMS and WhatsApp providers answering 503, for an hour of the
 * test's clock; then both accept. Nothing may be lost or sent twice, and the queue must be empty
 * within a minute of their return.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** 12:00 in Dhaka (UTC+6): outside the default quiet hours. */
const NOON_DHAKA = new Date('2026-11-26T06:00:00.000Z');
let clock = NOON_DHAKA;
const after = (ms: number, from = clock) => new Date(from.getTime() + ms);

/** An SMTP server (the smtp-server package) that refuses every recipient with 451 while `refusing`. */
async function startRefusingSmtp() {
  const state = { refusing: true, accepted: [] as string[], refused: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Each attempt is a new connection; a reverse lookup of 127.0.0.1 for each would be most of the test's time.
    disableReverseLookup: true,
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      state.refused += 1;
      callback(Object.assign(new Error('4.3.2 Service temporarily unavailable, try again later'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        state.accepted.push(/^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '');
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let smtp: Awaited<ReturnType<typeof startRefusingSmtp>>;
let fake: FakeProviders;
let t: TestApp;

beforeAll(async () => {
  smtp = await startRefusingSmtp();
  fake = await startFakeProviders();
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.sid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.token,
      TWILIO_FROM: FAKE_TWILIO.from,
      TWILIO_API_URL: fake.url,
      WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
      WHATSAPP_API_URL: fake.url,
      NOTIFY_SETTLE_MINUTES: '0',
    },
    { now: () => clock },
  );
  await t.app.outbox.stop();
  await setSetting(t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true } }, null);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await fake.close();
});

const statuses = async () =>
  (await t.db.selectFrom('outbox').select(['channel', 'status']).execute()).map((r) => `${r.channel} ${r.status}`).sort();

/** Runs the worker every `stepMs` of the test's clock for `forMs`, or until `until` holds; answers the time taken. */
async function drive(worker: OutboxWorker, forMs: number, stepMs: number, until?: () => Promise<boolean>): Promise<number> {
  const start = clock.getTime();
  while (clock.getTime() - start < forMs) {
    clock = after(stepMs);
    await worker.runOnce(clock);
    if (until && (await until())) break;
  }
  return clock.getTime() - start;
}

describe('an outage of the mail server and the text-message providers', () => {
  it(
    'loses and doubles nothing through an hour of refusals, and drains at the next poll after their return',
    { timeout: 30_000 },
    async () => {
      let owner = await t.createStaff('superadmin');
      for (let i = 0; i < 2; i++) {
        await queueStaffEmail(t.db, { to: `staff${i}@example.com`, subject: `Alert ${i}`, text: 'Hello', html: null }, clock);
      }
      /** An applicant approved, told by email, SMS and WhatsApp at once (no settling in this app). */
      const approve = async (i: number) => {
        const row = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman', phone: `+88017120000${10 + i}` });
        await setAgreedChannels(t.db, row.id, ['email', 'sms', 'whatsapp'], null, clock);
        const res = await t.request({
          method: 'PUT',
          url: `/api/application/updateApplicationApprove/${row.id}`,
          payload: {},
          token: owner.token,
        });
        expect(res.statusCode).toBe(200);
      };
      for (let i = 0; i < 2; i++) await approve(i);
      const queued = (await statuses()).length;
      expect(queued).toBe(2 + 2 * 3);
      fake.mode = 'down';
      const worker = outboxWorker(t, createSmtpMailer(smtp.url, 'desk@example.com'));

      // An hour of refusals: most of it in long steps (each run tries every message, as all are due),
      // the last two minutes at the worker's own pace, so the waits are spread as a live queue's are.
      await drive(worker, 58 * MINUTE, 5 * MINUTE);
      await drive(worker, 2 * MINUTE, 5 * SECOND);
      expect(smtp.state.refused).toBeGreaterThanOrEqual(4 * 12);
      expect(smtp.state.accepted).toEqual([]);
      expect((await statuses()).every((s) => s.endsWith(' queued'))).toBe(true);
      // The waits never grew past the cap: each message is at most that far from its next try.
      const furthest = await t.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.max('next_attempt_at').as('at'))
        .executeTakeFirstOrThrow();
      expect(Date.parse(String(furthest.at)) - clock.getTime()).toBeLessThanOrEqual(BACKOFF_CAP_MS);

      // Back: polling every 5 s, as the worker does, until nothing waits.
      smtp.state.refusing = false;
      fake.mode = 'ok';
      fake.received.length = 0;
      // A new message on each channel goes at once; its success pulls the waiting ones forward, so
      // the queue drains at the next poll instead of at each message's own retry, up to the cap away.
      owner = await t.createStaff('superadmin');
      await approve(2);
      const drained = await drive(worker, 5 * MINUTE, 5 * SECOND, async () => (await statuses()).every((s) => s.endsWith(' sent')));
      expect(drained).toBeLessThanOrEqual(10 * SECOND);
      expect(await statuses()).toEqual([...Array(5).fill('email sent'), ...Array(3).fill('sms sent'), ...Array(3).fill('whatsapp sent')]);
      // Each message once: as many distinct Message-IDs as emails, and one provider call per text message.
      expect(new Set(smtp.state.accepted).size).toBe(5);
      expect(smtp.state.accepted).toHaveLength(5);
      expect(fake.received).toHaveLength(6);
      await worker.close();
    },
  );
});

describe('the retry policy', () => {
  it('keeps trying through an hour of attempts at the fastest pace the cap allows, on every channel', () => {
    // The shortest wait is the cap less its spread (a fifth): an hour of those must not use up a message.
    const attemptsInAnHour = Math.ceil((60 * MINUTE) / (0.8 * BACKOFF_CAP_MS)) + 1;
    for (const channel of ['email', 'sms', 'whatsapp'] as const) {
      expect(retryPolicy(channel, {}).maxAttempts, channel).toBeGreaterThan(attemptsInAnHour);
      expect(retryPolicy(channel, {}).backoff(50), channel).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    }
  });
});

describe('the wall clock jumping', () => {
  it('leaves a claimed message with its worker when the clock goes back, and a waiting retry no further than the cap', async () => {
    clock = NOON_DHAKA;
    await t.db.deleteFrom('outbox').execute();
    smtp.state.refusing = true;
    const held = await queueStaffEmail(t.db, { to: 'held@example.com', subject: 'Held', text: 'x', html: null }, clock);
    const retrying = await queueStaffEmail(t.db, { to: 'retry@example.com', subject: 'Retry', text: 'x', html: null }, clock);
    // Another process claims one and is still sending it; the other fails once and waits its turn.
    const claimed = await claimDue(t.db, clock, 1, 2 * MINUTE);
    expect(claimed.claimed.map((r) => r.id)).toEqual([held]);
    const worker = outboxWorker(t, createSmtpMailer(smtp.url, 'desk@example.com'));
    await worker.runOnce(clock);
    expect(smtp.state.accepted).not.toContain(`<${retrying}@visa-desk>`);

    // The clock goes back an hour, and the service is back.
    smtp.state.refusing = false;
    clock = after(-60 * MINUTE);
    const before = smtp.state.accepted.length;
    await drive(worker, MINUTE, 5 * SECOND, async () => smtp.state.accepted.length > before);
    // The retry came within the cap of the new clock, not an hour later.
    expect(smtp.state.accepted.slice(before)).toEqual([`<${retrying}@visa-desk>`]);
    // The claim of the other worker was not taken over: its lease is counted from the new clock.
    const row = await t.db.selectFrom('outbox').select(['status']).where('id', '=', held).executeTakeFirstOrThrow();
    expect(row.status).toBe('sending');
    await worker.close();
  });
});
