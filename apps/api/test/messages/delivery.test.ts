import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_SETTINGS, type MessageSettings } from '@visa/shared/text-messages';
import { listAuditFor } from '../../src/modules/audit/repository.js';
import { runHousekeeping } from '../../src/modules/maintenance/housekeeping.js';
import { setSetting } from '../../src/modules/settings/repository.js';
import { createApplication } from '@visa/test-support/applications';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { FAKE_TWILIO, FAKE_WHATSAPP, type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';
import { countFailedMessages, setConsent } from '../../src/modules/messages/repository.js';
import { createMessageDelivery } from '../../src/modules/messages/delivery.js';
import { createProviders } from '../../src/infra/text-providers/providers.js';

/** Status messages end to end through the API: a status change, the settling time, quiet hours, the fake providers on loopback. */

const MINUTE = 60_000;
const AGGREGATOR_KEY = 'key-7f3a9c2e51';
/** 12:00 in Dhaka (UTC+6): outside the default quiet hours. */
const NOON_DHAKA = new Date('2026-11-26T06:00:00.000Z');

let fake: FakeProviders;
let clock = NOON_DHAKA;
const apps: TestApp[] = [];

beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.received.length = 0;
  clock = NOON_DHAKA;
});

const smsEnv = () => ({
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: `${fake.url}/sms`,
  SMS_HTTP_METHOD: 'POST',
  SMS_HTTP_PARAMS: `api_key=${AGGREGATOR_KEY}&senderid=8809601&number={to}&message={text}`,
  SMS_HTTP_FAILURE: '"response_code":\\s*(?!202)\\d+',
});
const twilioEnv = () => ({
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: FAKE_TWILIO.sid,
  TWILIO_AUTH_TOKEN: FAKE_TWILIO.token,
  TWILIO_FROM: FAKE_TWILIO.from,
  TWILIO_API_URL: fake.url,
});
const whatsappEnv = () => ({
  WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
  WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
  WHATSAPP_API_URL: fake.url,
});

async function setup(env: Record<string, string>, settings: Partial<MessageSettings> = {}) {
  const t = await createTestApp(env, { now: () => clock });
  apps.push(t);
  await t.app.outbox.stop();
  await setSetting(t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true }, ...settings }, null);
  let token = '';
  // A session of its own for each test: its clock starts where the test's does.
  const signIn = async () => {
    token = (await t.createStaff('admin')).token;
  };
  const act = async (action: 'Approve' | 'Reject' | 'Pending', id: string) => {
    const res = await t.request({ method: 'PUT', url: `/api/application/updateApplication${action}/${id}`, payload: {}, token });
    expect(res.statusCode).toBe(200);
    return res;
  };
  // Each applicant its own number unless a test says otherwise: the per-number limit counts across tests.
  const applicant = async (
    channels: ('email' | 'sms' | 'whatsapp')[] = ['email', 'sms'],
    phone = `+8801911${String(++phones).padStart(6, '0')}`,
  ) => {
    const row = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman', phone });
    await setConsent(t.db, row.id, channels, null, clock);
    return row;
  };
  const run = (at: Date) => t.app.outbox.runOnce(at);
  const history = async (id: string) => (await listAuditFor(t.db, 'application', id)).filter((e) => e.action.startsWith('message.'));
  return { t, signIn, act, applicant, run, history };
}

let phones = 0;
const after = (minutes: number, from = clock) => new Date(from.getTime() + minutes * MINUTE);

describe('status messages by SMS through an HTTP aggregator', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup(smsEnv());
  });
  beforeEach(async () => {
    await s.signIn();
    await setSetting(s.t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true } }, null);
  });

  it('sends one message once the status has been stable for the settling time, in Bangla for a Bangladeshi number', async () => {
    const app = await s.applicant(['email', 'sms'], '+8801712345678');
    expect((await s.act('Approve', app.id)).statusCode).toBe(200);
    await s.run(after(4));
    expect(fake.received).toHaveLength(0);
    await s.run(after(5));
    expect(fake.received).toHaveLength(1);
    const call = fake.received[0]!;
    expect(call.method).toBe('POST');
    expect(call.form.get('api_key')).toBe(AGGREGATOR_KEY);
    expect(call.form.get('number')).toBe('8801712345678');
    const text = call.form.get('message')!;
    expect(text).toContain('প্রিয় Karim');
    expect(text).toContain('অনুমোদিত');
    expect(text).not.toContain('Rahman');
    expect(text).not.toContain(app.passport);
    expect(text).not.toContain(app.dob);
    // Stable afterwards: nothing more.
    await s.run(after(60));
    expect(fake.received).toHaveLength(1);
    const [sent] = await s.history(app.id);
    expect(sent!.action).toBe('message.sent');
    expect(sent!.details).toMatchObject({ channel: 'sms', provider: 'http', providerId: expect.any(String), to: '+8801••••••678' });
    expect(JSON.stringify(sent)).not.toContain('1712345678');
  });

  it('sends nothing when the status moves and moves back within the settling time', async () => {
    const app = await s.applicant();
    await s.act('Approve', app.id);
    clock = after(2);
    await s.act('Pending', app.id);
    clock = after(2);
    await s.act('Approve', app.id);
    clock = after(1);
    await s.act('Pending', app.id);
    await s.run(after(4));
    expect(fake.received).toHaveLength(0);
    await s.run(after(6));
    expect(fake.received).toHaveLength(0);
    expect((await s.history(app.id)).map((e) => e.action)).toEqual(['message.skipped']);
  });

  it('sends one message for the state a burst of changes settles in', async () => {
    const app = await s.applicant();
    await s.act('Approve', app.id);
    clock = after(2);
    await s.act('Pending', app.id);
    clock = after(2);
    await s.act('Reject', app.id);
    await s.run(after(4));
    expect(fake.received).toHaveLength(0);
    await s.run(after(5));
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]!.form.get('message')).toContain('প্রত্যাখ্যাত');
  });

  it('sends a burst of changes larger than a batch in one run, not a batch per polling interval', async () => {
    const burst = [];
    for (let i = 0; i < 45; i++) burst.push(await s.applicant());
    for (const app of burst) await s.act('Approve', app.id);
    await s.run(after(5));
    expect(fake.received).toHaveLength(burst.length);
  });

  it('sends nothing by SMS to an applicant who agreed to email only', async () => {
    const app = await s.applicant(['email']);
    await s.act('Approve', app.id);
    await s.run(after(30));
    expect(fake.received).toHaveLength(0);
    expect(await s.history(app.id)).toEqual([]);
  });

  it('queues no email for an applicant who agreed to SMS only, and one for the default', async () => {
    const smsOnly = await s.applicant(['sms']);
    const emailToo = await s.applicant(['email', 'sms']);
    await s.act('Approve', smsOnly.id);
    await s.act('Approve', emailToo.id);
    const emails = async (id: string) =>
      (await s.t.db.selectFrom('email_outbox').select('id').where('application_id', '=', id).execute()).length;
    expect(await emails(smsOnly.id)).toBe(0);
    expect(await emails(emailToo.id)).toBe(1);
    await s.run(after(6));
    expect(fake.received).toHaveLength(2);
  });

  it('keeps to the daily limit per number across applications', async () => {
    await setSetting(
      s.t.db,
      'messages',
      { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: false }, limits: { perApplicationPerDay: 5, perNumberPerDay: 1 } },
      null,
    );
    // Two applications of one family share a phone.
    const first = await s.applicant(['sms'], '+8801812345679');
    const second = await s.applicant(['sms'], '+8801812345679');
    await s.act('Approve', first.id);
    await s.act('Approve', second.id);
    await s.run(after(6));
    expect(fake.received).toHaveLength(1);
    expect((await s.history(second.id)).map((e) => [e.action, e.details.reason])).toEqual([
      ['message.limited', 'daily limit for the number'],
    ]);
    await setSetting(s.t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true } }, null);
  });

  it('holds a message due in quiet hours until the morning', async () => {
    // 22:00 in Dhaka.
    clock = new Date('2026-11-26T16:00:00.000Z');
    await s.signIn();
    const app = await s.applicant();
    await s.act('Approve', app.id);
    await s.run(after(10));
    await s.run(new Date('2026-11-27T01:59:00.000Z'));
    expect(fake.received).toHaveLength(0);
    await s.run(new Date('2026-11-27T02:00:00.000Z'));
    expect(fake.received).toHaveLength(1);
    const history = await s.history(app.id);
    expect(history.map((e) => e.action)).toEqual(['message.deferred', 'message.sent']);
    expect(history[0]!.details.until).toBe('2026-11-27T02:00:00.000Z');
    // Done with, it goes with the emails after the mail retention; its number with it.
    const later = new Date('2027-03-01T00:00:00.000Z');
    const result = await runHousekeeping(s.t.db, { auditRetentionDays: 730, mailRetentionDays: 90, now: later });
    expect(result.messages).toBeGreaterThanOrEqual(1);
    expect(await s.t.db.selectFrom('message_outbox').select('id').where('application_id', '=', app.id).execute()).toEqual([]);
  });

  it("counts the aggregator's failure body as a refusal, not retried", async () => {
    fake.mode = 'refuse';
    const app = await s.applicant();
    await s.act('Approve', app.id);
    await s.run(after(6));
    fake.mode = 'ok';
    await s.run(after(600));
    expect(fake.received).toHaveLength(1);
    const [failed] = await s.history(app.id);
    expect(failed!.action).toBe('message.failed');
    expect(String(failed!.details.error)).toContain('Balance Insufficient');
    // The aggregator echoed the key: the history keeps it out.
    expect(fake.received[0]!.form.get('api_key')).toBe(AGGREGATOR_KEY);
    expect(JSON.stringify(await s.history(app.id))).not.toContain(AGGREGATOR_KEY);
    const row = await s.t.db
      .selectFrom('message_outbox')
      .select('last_error')
      .where('application_id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row.last_error).not.toContain(AGGREGATOR_KEY);
  });

  it('keeps to the daily limit per application', async () => {
    await setSetting(
      s.t.db,
      'messages',
      { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: false }, limits: { perApplicationPerDay: 1, perNumberPerDay: 5 } },
      null,
    );
    const app = await s.applicant();
    await s.act('Approve', app.id);
    await s.run(after(6));
    clock = after(10);
    await s.act('Reject', app.id);
    await s.run(after(6));
    expect(fake.received).toHaveLength(1);
    expect((await s.history(app.id)).map((e) => e.action)).toEqual(['message.sent', 'message.limited']);
    await setSetting(s.t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true } }, null);
  });
});

describe('status messages by SMS through Twilio', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup(twilioEnv());
  });
  beforeEach(async () => {
    await s.signIn();
  });

  it('retries while Twilio is down or unreachable, and sends once when it is back', async () => {
    const app = await s.applicant(['email', 'sms'], '+8801712345678');
    await s.act('Approve', app.id);
    fake.mode = 'down';
    await s.run(after(6));
    expect(fake.received).toHaveLength(1);
    await fake.stop();
    await s.run(after(60));
    fake.mode = 'ok';
    await fake.start();
    await s.run(after(120));
    await s.run(after(240));
    const twilioCalls = fake.received.filter((r) => r.path.endsWith('/Messages.json'));
    // Down once (503), refused at the connection once (not received), then sent once.
    expect(twilioCalls).toHaveLength(2);
    const sent = twilioCalls[1]!;
    expect(sent.form.get('To')).toBe('+8801712345678');
    expect(sent.form.get('From')).toBe(FAKE_TWILIO.from);
    expect(sent.form.get('StatusCallback')).toMatch(/\/api\/messages\/receipts\/twilio$/);
    expect(sent.form.get('Body')).toContain('অনুমোদিত');
    const actions = (await s.history(app.id)).map((e) => e.action);
    expect(actions).toEqual(['message.retry', 'message.retry', 'message.sent']);
    const history = JSON.stringify(await s.history(app.id));
    expect(history).not.toContain('1712345678');
    expect(history).toMatch(/SM0+\d+/);
  });

  it('gives up at once on a number Twilio refuses (21211), never retried, and counts it for the dashboard', async () => {
    const failedBefore = await countFailedMessages(s.t.db);
    const app = await s.applicant(['email', 'sms'], '+8801712345678');
    await s.act('Reject', app.id);
    fake.mode = 'refuse';
    await s.run(after(6));
    fake.mode = 'ok';
    await s.run(after(600));
    expect(fake.received).toHaveLength(1);
    const [failed] = await s.history(app.id);
    expect(failed!.action).toBe('message.failed');
    expect(String(failed!.details.error)).toContain('error 21211');
    expect(JSON.stringify(failed)).not.toContain('1712345678');
    expect(await countFailedMessages(s.t.db)).toBe(failedBefore + 1);
  });

  it('sends once when two workers claim the same due message', async () => {
    const app = await s.applicant();
    await s.act('Approve', app.id);
    const make = () =>
      createMessageDelivery({
        db: s.t.db,
        providers: createProviders(s.t.config, s.t.config.publicUrl),
        log: s.t.app.log,
        timeZone: s.t.config.APP_TIMEZONE,
        publicUrl: s.t.config.publicUrl,
      });
    const due = after(6);
    const [a, b] = await Promise.all([make().run(due), make().run(due)]);
    expect(a.sent + b.sent).toBe(1);
    expect(fake.received).toHaveLength(1);
  });
});

describe('status messages by WhatsApp', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup(whatsappEnv());
  });
  beforeEach(async () => {
    await s.signIn();
  });

  it('sends the status template with its language and body parameters, only with consent', async () => {
    const app = await s.applicant(['whatsapp'], '+8801712345678');
    const other = await s.applicant(['email', 'sms']);
    await s.act('Approve', app.id);
    await s.act('Approve', other.id);
    await s.run(after(6));
    expect(fake.received).toHaveLength(1);
    const call = fake.received[0]!;
    expect(call.path).toBe(`/${FAKE_WHATSAPP.phoneNumberId}/messages`);
    expect(call.headers.authorization).toBe(`Bearer ${FAKE_WHATSAPP.token}`);
    expect(call.json).toEqual({
      messaging_product: 'whatsapp',
      to: '8801712345678',
      type: 'template',
      template: {
        name: 'visa_status_update',
        language: { code: 'bn' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Karim' },
              { type: 'text', text: 'অনুমোদিত' },
              { type: 'text', text: `${s.t.config.publicUrl}/enquiry` },
            ],
          },
        ],
      },
    });
    const [sent] = await s.history(app.id);
    expect(sent!.details).toMatchObject({ channel: 'whatsapp', provider: 'whatsapp', providerId: expect.stringMatching(/^wamid\./) });
  });

  it('gives up on a WhatsApp error without retrying', async () => {
    const app = await s.applicant(['whatsapp']);
    await s.act('Reject', app.id);
    fake.mode = 'refuse';
    await s.run(after(6));
    fake.mode = 'ok';
    await s.run(after(600));
    expect(fake.received).toHaveLength(1);
    const [failed] = await s.history(app.id);
    expect(failed!.action).toBe('message.failed');
    expect(String(failed!.details.error)).toContain('131026');
  });
});

describe('the aggregator by GET', () => {
  it('sends the parameters as the query, {to} without + and {text} URL-encoded', async () => {
    const providers = createProviders(
      {
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: `${fake.url}/sms?route=1`,
        SMS_HTTP_METHOD: 'GET',
        SMS_HTTP_PARAMS: 'api_key=KEY&number={to}&message={text}',
        TWILIO_API_URL: fake.url,
        WHATSAPP_API_URL: fake.url,
      },
      'https://visa.example.com',
    );
    const text = 'প্রিয় Karim & co = 100%? #1';
    const outcome = await providers.sms!.send({ to: '+8801712345678', text });
    expect(outcome).toMatchObject({ ok: true, providerId: expect.any(String) });
    const call = fake.received[0]!;
    expect(call.method).toBe('GET');
    expect(call.query.get('route')).toBe('1');
    expect(call.query.get('number')).toBe('8801712345678');
    expect(call.query.get('message')).toBe(text);
    expect(call.query.get('api_key')).toBe('KEY');
  });
});
