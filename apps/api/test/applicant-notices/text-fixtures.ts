import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { DEFAULT_MESSAGE_SETTINGS, type MessageSettings } from '@visa/shared/notices';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { setAgreedChannels } from '../../src/modules/domain/applicant-notices/channel-agreements-repository.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { createApplication } from '@visa/test-support/applications';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { FAKE_TWILIO, FAKE_WHATSAPP, type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';

/**
 * Status text messages end to end through the API: a status change, the settling time, quiet
 * hours, the fake providers on loopback. What the text-message test files share: the providers,
 * the test's clock, and an app per provider set up as the office would.
 */

const MINUTE = 60_000;
export const AGGREGATOR_KEY = 'key-7f3a9c2e51';
/** 12:00 in Dhaka (UTC+6): outside the default quiet hours. */
const NOON_DHAKA = new Date('2026-11-26T06:00:00.000Z');

/** The test's clock: the apps read it, a test moves it on. */
export const time = { now: NOON_DHAKA };
export const after = (minutes: number, from = time.now) => new Date(from.getTime() + minutes * MINUTE);

let fake: FakeProviders;
let apps: TestApp[] = [];
/** The fake providers of the running file's tests. */
export const providers = () => fake;

/**
 * Starts the fake providers for the calling test file and closes them, with its apps, after it;
 * every test begins at noon with the providers up. Called by each file: the API files share one
 * module graph per worker, so hooks at this module's top would run for the first file only.
 */
export function useTextProviders() {
  beforeAll(async () => {
    fake = await startFakeProviders();
    apps = [];
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.received.length = 0;
    time.now = NOON_DHAKA;
  });
}

export const smsEnv = () => ({
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: `${fake.url}/sms`,
  SMS_HTTP_METHOD: 'POST',
  SMS_HTTP_PARAMS: `api_key=${AGGREGATOR_KEY}&senderid=8809601&number={to}&message={text}`,
  SMS_HTTP_FAILURE: '"response_code":\\s*(?!202)\\d+',
});
export const twilioEnv = () => ({
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: FAKE_TWILIO.sid,
  TWILIO_AUTH_TOKEN: FAKE_TWILIO.token,
  TWILIO_FROM: FAKE_TWILIO.from,
  TWILIO_API_URL: fake.url,
});
export const whatsappEnv = () => ({
  WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
  WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
  WHATSAPP_API_URL: fake.url,
});

let phones = 0;

export async function setup(env: Record<string, string>, settings: Partial<MessageSettings> = {}) {
  const t = await createTestApp(env, { now: () => time.now });
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
    await setAgreedChannels(t.db, row.id, channels, null, time.now);
    return row;
  };
  const run = (at: Date) => t.app.outbox.runOnce(at);
  const history = async (id: string) => (await listAuditFor(t.db, 'application', id)).filter((e) => e.action.startsWith('message.'));
  return { t, signIn, act, applicant, run, history };
}

export type TextSetup = Awaited<ReturnType<typeof setup>>;
