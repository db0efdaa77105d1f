import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_SETTINGS } from '@visa/shared/notices';
import { EMPTY_OFFICE_CONTACT } from '@visa/shared/office-contact';
import { loadConfig } from '../../src/config.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { twilioSignature, whatsappSignature } from '../../src/modules/domain/applicant-notices/receipts.js';
import { addApplication, applicationFields, createApplication, multipart } from '@visa/test-support/applications';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { FAKE_TWILIO, FAKE_WHATSAPP, type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';

/** Settings → Messages, the channel agreement on the add and edit forms, delivery receipts and the start-up checks (ADR 0044, 0045). */

let fake: FakeProviders;
let t: TestApp;
let owner: { token: string; id: string };
let admin: { token: string };
const VERIFY = 'verify-me-please';
const APP_SECRET = 'whatsapp-app-secret-for-tests';

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await createTestApp({
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.sid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.token,
    TWILIO_FROM: FAKE_TWILIO.from,
    TWILIO_API_URL: fake.url,
    PUBLIC_URL: 'https://visa.example.com',
    WHATSAPP_VERIFY_TOKEN: VERIFY,
    WHATSAPP_APP_SECRET: APP_SECRET,
  });
  await t.app.outbox.stop();
  owner = await t.createStaff('superadmin');
  admin = await t.createStaff('admin');
  // The texts give the office phone: without it SMS cannot be turned on (office-phone.test.ts).
  await setSetting(t.db, 'officeContact', { ...EMPTY_OFFICE_CONTACT, phone: '+8801711223344' }, null);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.received.length = 0;
});

const put = (body: unknown, token = owner.token) =>
  t.request({ method: 'PUT', url: '/api/users/settings/messages', payload: body as object, token });

describe('Settings → Messages', () => {
  it('answers the defaults and which channels have a provider', async () => {
    const res = await t.request({ method: 'GET', url: '/api/users/settings/messages', token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: DEFAULT_MESSAGE_SETTINGS,
      available: { sms: true, whatsapp: false },
      smsProvider: 'twilio',
      office: { phone: '+8801711223344', statusLink: 'https://visa.example.com/enquiry' },
    });
  });

  it('is for super-admins only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/users/settings/messages', token: admin.token })).statusCode).toBe(403);
    expect((await put(DEFAULT_MESSAGE_SETTINGS, admin.token)).statusCode).toBe(403);
  });

  it('refuses a template with a variable outside the list, quiet hours that leave the night open, a channel without provider; nothing changes', async () => {
    const withPassport = structuredClone(DEFAULT_MESSAGE_SETTINGS);
    withPassport.sms.approved.en = 'Dear {firstName}, passport {passport} approved';
    const refused = await put(withPassport);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The template uses {passport}, which is not a variable. Use only {firstName}, {status}, {officeName}, {officePhone} and {statusLink}.',
    );
    const narrow = await put({ ...DEFAULT_MESSAGE_SETTINGS, quietHours: { start: '23:00', end: '07:00' } });
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json().message).toBe('SMS may not be sent between 00:00 and 08:00: quiet hours must cover that time.');
    const noProvider = await put({ ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true } });
    expect(noProvider.statusCode).toBe(400);
    expect(noProvider.json().message).toBe('This channel has no provider configured on the server.');
    expect((await put({ ...DEFAULT_MESSAGE_SETTINGS, limits: { perApplicationPerDay: 0, perNumberPerDay: 5 } })).statusCode).toBe(400);
    expect((await put({ channels: 'on' })).statusCode).toBe(400);
    const passportParameter = structuredClone(DEFAULT_MESSAGE_SETTINGS) as unknown as { whatsapp: { approved: { parameters: string[] } } };
    passportParameter.whatsapp.approved.parameters = ['firstName', 'passport'];
    const refusedParameter = await put(passportParameter);
    expect(refusedParameter.statusCode).toBe(400);
    expect(refusedParameter.json().message).toBe(
      'A WhatsApp body parameter is one of firstName, status, officeName, officePhone and statusLink.',
    );
    const res = await t.request({ method: 'GET', url: '/api/users/settings/messages', token: owner.token });
    expect(res.json().settings).toEqual(DEFAULT_MESSAGE_SETTINGS);
  });

  it('saves a valid change and records who changed what', async () => {
    const next = { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: false }, quietHours: { start: '20:00', end: '09:00' } };
    const res = await put(next);
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual(next);
    const [event] = (await listAuditFor(t.db, 'settings', 'messages')).filter((e) => e.action === 'settings.updated');
    expect(event!.details).toEqual({ changed: ['channels', 'quietHours'] });
  });

  it("sends a test message and shows the provider's answer", async () => {
    const ok = await t.request({
      method: 'POST',
      url: '/api/users/settings/messages/test',
      token: owner.token,
      payload: { channel: 'sms', to: '01712345678' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, answer: '201 queued', providerId: expect.stringMatching(/^SM/) });
    expect(fake.received[0]!.form.get('To')).toBe('+8801712345678');
    fake.mode = 'refuse';
    const refused = await t.request({
      method: 'POST',
      url: '/api/users/settings/messages/test',
      token: owner.token,
      payload: { channel: 'sms', to: '+8801712345678' },
    });
    expect(refused.json().ok).toBe(false);
    expect(refused.json().answer).toContain('error 21211');
    expect(refused.json().answer).not.toContain('1712345678');
    const bad = await t.request({
      method: 'POST',
      url: '/api/users/settings/messages/test',
      token: owner.token,
      payload: { channel: 'sms', to: 'call me' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid phone number.');
    const noWhatsApp = await t.request({
      method: 'POST',
      url: '/api/users/settings/messages/test',
      token: owner.token,
      payload: { channel: 'whatsapp', to: '+8801712345678' },
    });
    expect(noWhatsApp.statusCode).toBe(400);
  });
});

describe('the channel agreement on the add and edit forms', () => {
  it('is email by default, answered as a list, and recorded with who agreed in the history', async () => {
    const added = await addApplication(t, admin.token);
    expect(added.statusCode).toBe(201);
    const id = added.json()._id ?? added.json().application?._id;
    const one = await t.request({ method: 'GET', url: `/api/application/fetchApplication/${id}`, token: admin.token });
    expect(one.json().notify).toEqual(['email']);

    const edited = await t.request({
      method: 'PUT',
      url: `/api/application/updateApplication/${id}`,
      token: admin.token,
      payload: multipart({ ...applicationFields(), notify: 'whatsapp, sms,email' }),
    });
    expect(edited.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/application/fetchApplication/${id}`, token: admin.token })).json().notify).toEqual([
      'email',
      'sms',
      'whatsapp',
    ]);
    const agreements = (await listAuditFor(t.db, 'application', id)).filter((e) => e.action === 'message.consent');
    expect(agreements.map((e) => e.details)).toEqual([{ notify: ['email'] }, { notify: ['email', 'sms', 'whatsapp'], before: ['email'] }]);
  });

  it('refuses a channel it does not know and changes nothing', async () => {
    const row = await createApplication(t.db);
    const res = await t.request({
      method: 'PUT',
      url: `/api/application/updateApplication/${row.id}`,
      token: admin.token,
      payload: multipart({ ...applicationFields(), notify: 'email,pigeon' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Notify must be a comma-separated list of email, sms and whatsapp.');
    expect(
      (await t.request({ method: 'GET', url: `/api/application/fetchApplication/${row.id}`, token: admin.token })).json().notify,
    ).toEqual(['email']);
  });
});

describe('delivery receipts', () => {
  const twilioUrl = 'https://visa.example.com/api/messages/receipts/twilio';

  async function sentMessage() {
    const row = await createApplication(t.db);
    const providerId = `SM${row.id}`.slice(0, 34);
    await t.db
      .insertInto('outbox')
      .values({
        id: row.id,
        application_id: row.id,
        channel: 'sms',
        kind: 'status',
        from_status: 'pending',
        status: 'sent',
        attempts: 1,
        next_attempt_at: new Date().toISOString(),
        sent_status: 'approved',
        recipient: row.phone,
        provider_id: providerId,
        provider_status: 'queued',
        last_error: null,
        sent_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    return { row, providerId };
  }

  const postTwilio = (params: Record<string, string>, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/messages/receipts/twilio',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(params).toString(),
    });

  it("takes Twilio's status callback with a good signature and refuses a bad one", async () => {
    const { row, providerId } = await sentMessage();
    const params = { MessageSid: providerId, MessageStatus: 'undelivered', ErrorCode: '30003', AccountSid: FAKE_TWILIO.sid };
    expect((await postTwilio(params, twilioSignature('wrong-token', twilioUrl, params))).statusCode).toBe(403);
    expect((await postTwilio(params, '')).statusCode).toBe(403);
    expect((await postTwilio(params, twilioSignature(FAKE_TWILIO.token, twilioUrl, params))).statusCode).toBe(204);
    const stored = await t.db.selectFrom('outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'failed', provider_status: 'undelivered', last_error: 'Twilio error 30003' });
    const history = (await listAuditFor(t.db, 'application', row.id)).map((e) => e.action);
    expect(history).toContain('message.failed');
  });

  it('answers the WhatsApp verification only with the verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/messages/receipts/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/messages/receipts/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('takes WhatsApp statuses with a good X-Hub-Signature-256 and refuses a bad one', async () => {
    const { row, providerId } = await sentMessage();
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [{ field: 'messages', value: { statuses: [{ id: providerId, status: 'delivered', recipient_id: '8801712345678' }] } }],
        },
      ],
    });
    const post = (signature: string, payload = body) =>
      t.app.inject({
        method: 'POST',
        url: '/api/messages/receipts/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload,
      });
    expect((await post(whatsappSignature('wrong', body))).statusCode).toBe(403);
    expect((await post(whatsappSignature(APP_SECRET, body), body.replace('delivered', 'read'))).statusCode).toBe(403);
    expect((await post(whatsappSignature(APP_SECRET, '{not json'), '{not json')).statusCode).toBe(400);
    const ok = await post(whatsappSignature(APP_SECRET, body));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ applied: 1 });
    const stored = await t.db.selectFrom('outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('delivered');
  });

  it('counts messages given up on for the dashboard, for any member of staff', async () => {
    const res = await t.request({ method: 'GET', url: '/api/application/messages/failed', token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().failed).toBeGreaterThanOrEqual(1);
  });
});

describe('start-up', () => {
  const base = { APP_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' };
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('refuses an incomplete provider configuration with one line naming the variable', () => {
    expect(problem({ SMS_PROVIDER: 'http' })).toBe('Invalid configuration: SMS_HTTP_URL is required when SMS_PROVIDER=http');
    expect(problem({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send' })).toBe(
      'Invalid configuration: SMS_HTTP_PARAMS is required when SMS_PROVIDER=http',
    );
    expect(problem({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SMS_HTTP_PARAMS: 'to={to}' })).toBe(
      'Invalid configuration: SMS_HTTP_PARAMS must contain {to} and {text}',
    );
    expect(
      problem({
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'https://sms.example.com/send',
        SMS_HTTP_PARAMS: 'n={to}&m={text}',
        SMS_HTTP_FAILURE: '(unclosed',
      }),
    ).toBe('Invalid configuration: SMS_HTTP_FAILURE must be a valid regular expression');
    expect(problem({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: FAKE_TWILIO.sid, TWILIO_FROM: '+15005550006' })).toBe(
      'Invalid configuration: TWILIO_AUTH_TOKEN is required when SMS_PROVIDER=twilio',
    );
    expect(problem({ WHATSAPP_TOKEN: FAKE_WHATSAPP.token })).toBe(
      'Invalid configuration: WHATSAPP_PHONE_NUMBER_ID is required when WhatsApp is configured',
    );
    expect(problem({ SMS_PROVIDER: 'carrier-pigeon' })).toMatch(/^Invalid configuration: SMS_PROVIDER must be http or twilio/);
    expect(problem({ NOTIFY_SETTLE_MINUTES: 'soon' })).toMatch(/^Invalid configuration: NOTIFY_SETTLE_MINUTES must be a whole number/);
    expect(problem({})).toBeNull();
  });
});
