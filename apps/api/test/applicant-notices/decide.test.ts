import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TEXTS, DEFAULT_MESSAGE_SETTINGS, type NotifyChannel } from '@visa/shared/notices';
import { addDays, todayIn } from '@visa/shared/dates';
import { createProviders } from '../../src/infra/text-providers/providers.js';
import { setAgreedChannels } from '../../src/modules/domain/applicant-notices/channel-agreements-repository.js';
import { notify } from '../../src/modules/domain/applicant-notices/notify.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { createApplication } from '@visa/test-support/applications';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { FAKE_WHATSAPP, type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';

/**
 * The decision table (ADR 0060), through the API: which channels a status change queues for each
 * combination of the applicant's agreement, the office's channels, the server's providers,
 * withdrawn consent and erasure. Nothing is sent here: the outbox's rows are the answer.
 */

let fake: FakeProviders;
/** SMS and WhatsApp providers configured (the fakes, though nothing is sent). */
let t: TestApp;
/** No provider at all: email only, whatever the settings say. */
let bare: TestApp;
const tokens = new Map<TestApp, string>();

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await createTestApp({
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: `${fake.url}/sms`,
    SMS_HTTP_PARAMS: 'number={to}&message={text}',
    WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
    WHATSAPP_API_URL: fake.url,
  });
  bare = await createTestApp();
  for (const app of [t, bare]) {
    await app.app.outbox.stop();
    tokens.set(app, (await app.createStaff('superadmin')).token);
  }
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await fake.close();
});

const office = (app: TestApp, channels: { sms: boolean; whatsapp: boolean }) =>
  setSetting(app.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels }, null);

/** The channels with a message waiting for the application, email first. */
async function queued(app: TestApp, applicationId: string): Promise<NotifyChannel[]> {
  const rows = await app.db.selectFrom('outbox').select('channel').where('application_id', '=', applicationId).execute();
  return (['email', 'sms', 'whatsapp'] as const).filter((c) => rows.some((r) => r.channel === c));
}

async function applicant(app: TestApp, agreed: NotifyChannel[]) {
  const row = await createApplication(app.db);
  await setAgreedChannels(app.db, row.id, agreed, null, new Date());
  return row;
}

const approve = (app: TestApp, id: string) =>
  app.request({ method: 'PUT', url: `/api/application/updateApplicationApprove/${id}`, payload: {}, token: tokens.get(app)! });

const withdraw = (app: TestApp, id: string) =>
  app.request({ method: 'POST', url: `/api/privacy/consent/${id}/withdraw`, payload: { confirm: true }, token: tokens.get(app)! });

interface Case {
  agreed: NotifyChannel[];
  officeOn: { sms: boolean; whatsapp: boolean };
  providers: boolean;
  withdrawn: boolean;
  expected: NotifyChannel[];
}

const ON = { sms: true, whatsapp: true };
const CASES: Case[] = [
  { agreed: ['email'], officeOn: ON, providers: true, withdrawn: false, expected: ['email'] },
  { agreed: ['email', 'sms'], officeOn: ON, providers: true, withdrawn: false, expected: ['email', 'sms'] },
  { agreed: ['sms', 'whatsapp'], officeOn: ON, providers: true, withdrawn: false, expected: ['sms', 'whatsapp'] },
  { agreed: ['email', 'sms', 'whatsapp'], officeOn: ON, providers: true, withdrawn: false, expected: ['email', 'sms', 'whatsapp'] },
  {
    agreed: ['email', 'sms', 'whatsapp'],
    officeOn: { sms: false, whatsapp: true },
    providers: true,
    withdrawn: false,
    expected: ['email', 'whatsapp'],
  },
  { agreed: ['sms', 'whatsapp'], officeOn: { sms: false, whatsapp: false }, providers: true, withdrawn: false, expected: [] },
  { agreed: ['email', 'sms', 'whatsapp'], officeOn: ON, providers: false, withdrawn: false, expected: ['email'] },
  { agreed: [], officeOn: ON, providers: true, withdrawn: false, expected: [] },
  { agreed: ['email', 'sms', 'whatsapp'], officeOn: ON, providers: true, withdrawn: true, expected: [] },
  { agreed: ['email'], officeOn: ON, providers: false, withdrawn: true, expected: [] },
];

describe('the channels a status change is told on', () => {
  it.each(CASES)(
    'agreed $agreed, office $officeOn, providers $providers, withdrawn $withdrawn: $expected',
    async ({ agreed, officeOn, providers, withdrawn, expected }) => {
      const app = providers ? t : bare;
      await office(app, officeOn);
      const row = await applicant(app, agreed);
      if (withdrawn) expect((await withdraw(app, row.id)).statusCode).toBe(200);
      expect((await approve(app, row.id)).statusCode).toBe(200);
      expect(await queued(app, row.id)).toEqual(expected);
    },
  );
});

describe('an erased applicant', () => {
  it('is never told anything, on any channel, of a status change or a document request, which is refused', async () => {
    await office(t, ON);
    const row = await applicant(t, ['email', 'sms', 'whatsapp']);
    const erased = await t.request({
      method: 'POST',
      url: `/api/application/eraseApplication/${row.id}`,
      token: tokens.get(t)!,
      payload: { reason: 'Asked to be forgotten', confirmation: row.passport },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    // Its status may still change (ADR 0059): nobody is told, not even at the address's marker.
    expect((await approve(t, row.id)).statusCode).toBe(200);
    expect(await queued(t, row.id)).toEqual([]);
    // "Ask again" has no route of its own without a received file: asked of the module directly.
    const ctx = { config: t.config, textProviders: createProviders(t.config, t.config.publicUrl) };
    const again = { kind: 'ask-again', item: { en: 'Passport', bn: 'পাসপোর্ট' }, reason: 'Blurred' } as const;
    const outcome = await t.db.transaction().execute((trx) => notify(trx, ctx, row.id, again));
    expect(outcome).toEqual({ channels: [], withheld: 'erased' });
    const request = await t.request({
      method: 'POST',
      url: `/api/application/documentRequest/${row.id}`,
      token: tokens.get(t)!,
      // A month ahead: within the bound on a link's life (LINK_MAX_DAYS), so the refusal is for the erasure.
      payload: { dueDate: addDays(todayIn(t.config.APP_TIMEZONE), 30), checklistItems: ['passport'] },
    });
    expect(request.statusCode).toBe(409);
    expect(request.json().message).toBe(CONTACT_TEXTS.erased);
    expect(await queued(t, row.id)).toEqual([]);
  });
});
