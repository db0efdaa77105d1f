import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_SETTINGS } from '@visa/shared/notices';
import { runHousekeeping } from '../../src/modules/operations/jobs/housekeeping.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { AGGREGATOR_KEY, type TextSetup, after, providers, setup, useTextProviders, smsEnv, time } from './text-fixtures.js';

/** Status text messages by SMS through an HTTP aggregator: settling, quiet hours, the daily limits, a refusal. */

useTextProviders();

describe('status messages by SMS through an HTTP aggregator', () => {
  let s: TextSetup;
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
    expect(providers().received).toHaveLength(0);
    await s.run(after(5));
    expect(providers().received).toHaveLength(1);
    const call = providers().received[0]!;
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
    expect(providers().received).toHaveLength(1);
    const [sent] = await s.history(app.id);
    expect(sent!.action).toBe('message.sent');
    expect(sent!.details).toMatchObject({ channel: 'sms', provider: 'http', providerId: expect.any(String), to: '+8801••••••678' });
    expect(JSON.stringify(sent)).not.toContain('1712345678');
  });

  it('sends nothing when the status moves and moves back within the settling time', async () => {
    const app = await s.applicant();
    await s.act('Approve', app.id);
    time.now = after(2);
    await s.act('Pending', app.id);
    time.now = after(2);
    await s.act('Approve', app.id);
    time.now = after(1);
    await s.act('Pending', app.id);
    await s.run(after(4));
    expect(providers().received).toHaveLength(0);
    await s.run(after(6));
    expect(providers().received).toHaveLength(0);
    expect((await s.history(app.id)).map((e) => e.action)).toEqual(['message.skipped']);
  });

  it('sends one message for the state a burst of changes settles in', async () => {
    const app = await s.applicant();
    await s.act('Approve', app.id);
    time.now = after(2);
    await s.act('Pending', app.id);
    time.now = after(2);
    await s.act('Reject', app.id);
    await s.run(after(4));
    expect(providers().received).toHaveLength(0);
    await s.run(after(5));
    expect(providers().received).toHaveLength(1);
    expect(providers().received[0]!.form.get('message')).toContain('প্রত্যাখ্যাত');
  });

  it('sends a burst of changes larger than a batch in one run, not a batch per polling interval', async () => {
    const burst = [];
    for (let i = 0; i < 45; i++) burst.push(await s.applicant());
    for (const app of burst) await s.act('Approve', app.id);
    await s.run(after(5));
    expect(providers().received).toHaveLength(burst.length);
  });

  it('sends nothing by SMS to an applicant who agreed to email only', async () => {
    const app = await s.applicant(['email']);
    await s.act('Approve', app.id);
    await s.run(after(30));
    expect(providers().received).toHaveLength(0);
    expect(await s.history(app.id)).toEqual([]);
  });

  it('queues no email for an applicant who agreed to SMS only, and one for the default', async () => {
    const smsOnly = await s.applicant(['sms']);
    const emailToo = await s.applicant(['email', 'sms']);
    await s.act('Approve', smsOnly.id);
    await s.act('Approve', emailToo.id);
    const emails = async (id: string) =>
      (await s.t.db.selectFrom('outbox').select('id').where('channel', '=', 'email').where('application_id', '=', id).execute()).length;
    expect(await emails(smsOnly.id)).toBe(0);
    expect(await emails(emailToo.id)).toBe(1);
    await s.run(after(6));
    expect(providers().received).toHaveLength(2);
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
    expect(providers().received).toHaveLength(1);
    expect((await s.history(second.id)).map((e) => [e.action, e.details.reason])).toEqual([
      ['message.limited', 'daily limit for the number'],
    ]);
    await setSetting(s.t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true } }, null);
  });

  it('holds a message due in quiet hours until the morning', async () => {
    // 22:00 in Dhaka.
    time.now = new Date('2026-11-26T16:00:00.000Z');
    await s.signIn();
    const app = await s.applicant();
    await s.act('Approve', app.id);
    await s.run(after(10));
    await s.run(new Date('2026-11-27T01:59:00.000Z'));
    expect(providers().received).toHaveLength(0);
    await s.run(new Date('2026-11-27T02:00:00.000Z'));
    expect(providers().received).toHaveLength(1);
    const history = await s.history(app.id);
    expect(history.map((e) => e.action)).toEqual(['message.deferred', 'message.sent']);
    expect(history[0]!.details.until).toBe('2026-11-27T02:00:00.000Z');
    // Done with, it goes with the emails after the mail retention; its number with it.
    const later = new Date('2027-03-01T00:00:00.000Z');
    const result = await runHousekeeping(s.t.db, { auditRetentionDays: 730, mailRetentionDays: 90, now: later });
    expect(result.messages).toBeGreaterThanOrEqual(1);
    expect(await s.t.db.selectFrom('outbox').select('id').where('application_id', '=', app.id).execute()).toEqual([]);
  });

  it("counts the aggregator's failure body as a refusal, not retried", async () => {
    providers().mode = 'refuse';
    const app = await s.applicant();
    await s.act('Approve', app.id);
    await s.run(after(6));
    providers().mode = 'ok';
    await s.run(after(600));
    expect(providers().received).toHaveLength(1);
    const [failed] = await s.history(app.id);
    expect(failed!.action).toBe('message.failed');
    expect(String(failed!.details.error)).toContain('Balance Insufficient');
    // The aggregator echoed the key: the history keeps it out.
    expect(providers().received[0]!.form.get('api_key')).toBe(AGGREGATOR_KEY);
    expect(JSON.stringify(await s.history(app.id))).not.toContain(AGGREGATOR_KEY);
    const row = await s.t.db
      .selectFrom('outbox')
      .select('last_error')
      .where('channel', '=', 'sms')
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
    time.now = after(10);
    await s.act('Reject', app.id);
    await s.run(after(6));
    expect(providers().received).toHaveLength(1);
    expect((await s.history(app.id)).map((e) => e.action)).toEqual(['message.sent', 'message.limited']);
    await setSetting(s.t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true } }, null);
  });
});
