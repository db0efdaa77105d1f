import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFolderMailer } from '../../src/infra/mail-transport.js';
import { createProviders } from '../../src/infra/text-providers/providers.js';
import { countFailedTexts } from '../../src/modules/domain/applicant-notices/outbox-status-repository.js';
import { outboxWorker } from '@visa/test-support/outbox';
import { FAKE_TWILIO, FAKE_WHATSAPP } from '@visa/test-support/text-providers';
import { type TextSetup, after, providers, setup, twilioEnv, useTextProviders, whatsappEnv } from './text-fixtures.js';

/** Status text messages through each provider: Twilio's retries and refusals, WhatsApp's template, the aggregator by GET. */

useTextProviders();

describe('status messages by SMS through Twilio', () => {
  let s: TextSetup;
  beforeAll(async () => {
    s = await setup(twilioEnv());
  });
  beforeEach(async () => {
    await s.signIn();
  });

  it('retries while Twilio is down or unreachable, and sends once when it is back', async () => {
    const app = await s.applicant(['email', 'sms'], '+8801712345678');
    await s.act('Approve', app.id);
    providers().mode = 'down';
    await s.run(after(6));
    expect(providers().received).toHaveLength(1);
    await providers().stop();
    await s.run(after(60));
    providers().mode = 'ok';
    await providers().start();
    await s.run(after(120));
    await s.run(after(240));
    const twilioCalls = providers().received.filter((r) => r.path.endsWith('/Messages.json'));
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
    const failedBefore = await countFailedTexts(s.t.db);
    const app = await s.applicant(['email', 'sms'], '+8801712345678');
    await s.act('Reject', app.id);
    providers().mode = 'refuse';
    await s.run(after(6));
    providers().mode = 'ok';
    await s.run(after(600));
    expect(providers().received).toHaveLength(1);
    const [failed] = await s.history(app.id);
    expect(failed!.action).toBe('message.failed');
    expect(String(failed!.details.error)).toContain('error 21211');
    expect(JSON.stringify(failed)).not.toContain('1712345678');
    expect(await countFailedTexts(s.t.db)).toBe(failedBefore + 1);
  });

  it('sends once when two workers claim the same due message', async () => {
    // By SMS alone: the run's count is of this one message.
    const app = await s.applicant(['sms']);
    await s.act('Approve', app.id);
    const make = () => outboxWorker(s.t, createFolderMailer(path.join(s.t.dataDir, 'outbox'), 'desk@example.com'));
    const due = after(6);
    const [a, b] = await Promise.all([make().runOnce(due), make().runOnce(due)]);
    expect(a.sent + b.sent).toBe(1);
    expect(providers().received).toHaveLength(1);
  });
});

describe('status messages by WhatsApp', () => {
  let s: TextSetup;
  beforeAll(async () => {
    s = await setup(whatsappEnv());
  });
  beforeEach(async () => {
    await s.signIn();
  });

  it('sends the status template with its language and body parameters, only on an agreed channel', async () => {
    const app = await s.applicant(['whatsapp'], '+8801712345678');
    const other = await s.applicant(['email', 'sms']);
    await s.act('Approve', app.id);
    await s.act('Approve', other.id);
    await s.run(after(6));
    expect(providers().received).toHaveLength(1);
    const call = providers().received[0]!;
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
    providers().mode = 'refuse';
    await s.run(after(6));
    providers().mode = 'ok';
    await s.run(after(600));
    expect(providers().received).toHaveLength(1);
    const [failed] = await s.history(app.id);
    expect(failed!.action).toBe('message.failed');
    expect(String(failed!.details.error)).toContain('131026');
  });
});

describe('the aggregator by GET', () => {
  it('sends the parameters as the query, {to} without + and {text} URL-encoded', async () => {
    const configured = createProviders(
      {
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: `${providers().url}/sms?route=1`,
        SMS_HTTP_METHOD: 'GET',
        SMS_HTTP_PARAMS: 'api_key=KEY&number={to}&message={text}',
        TWILIO_API_URL: providers().url,
        WHATSAPP_API_URL: providers().url,
      },
      'https://visa.example.com',
    );
    const text = 'প্রিয় Karim & co = 100%? #1';
    const outcome = await configured.sms!.send({ to: '+8801712345678', text });
    expect(outcome).toMatchObject({ ok: true, providerId: expect.any(String) });
    const call = providers().received[0]!;
    expect(call.method).toBe('GET');
    expect(call.query.get('route')).toBe('1');
    expect(call.query.get('number')).toBe('8801712345678');
    expect(call.query.get('message')).toBe(text);
    expect(call.query.get('api_key')).toBe('KEY');
  });
});
