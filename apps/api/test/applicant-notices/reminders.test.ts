import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BRAND_NAME } from '@visa/shared/constants';
import { formatDate } from '@visa/shared/dates';
import { DEFAULT_MESSAGE_SETTINGS, type MessageSettings } from '@visa/shared/notices';
import { REMINDER_WHATSAPP } from '@visa/shared/reminder-texts';
import { createApplication } from '@visa/test-support/applications';
import { type TestSmtpServer, startSmtpServer } from '@visa/test-support/smtp';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { FAKE_WHATSAPP, type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';
import { createProviders } from '../../src/infra/text-providers/providers.js';
import { setAgreedChannels } from '../../src/modules/domain/applicant-notices/channel-agreements-repository.js';
import { tellDueReminders } from '../../src/modules/domain/applicant-notices/reminders.js';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';

/**
 * The applicant's reminders of a letter's deadline (ADR 0080), end to end: letters entered through
 * the API, the reminder job and the outbox run at moments of the test's clock, a real SMTP server
 * and the fake SMS and WhatsApp providers on loopback receive what the applicant would.
 */

/** 12:00 in Dhaka on 5 January 2027; reminders fall due at 10:00 Dhaka, 04:00 UTC. */
const START = new Date('2027-01-05T06:00:00.000Z');
const time = { now: START };
const at = (iso: string) => new Date(iso);

let fake: FakeProviders;
let smtp: TestSmtpServer;
let t: TestApp;
let phones = 0;

beforeAll(async () => {
  [fake, smtp] = await Promise.all([startFakeProviders(), startSmtpServer()]);
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Visa Desk <desk@example.com>',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `${fake.url}/sms`,
      SMS_HTTP_PARAMS: 'number={to}&message={text}',
      WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
      WHATSAPP_API_URL: fake.url,
    },
    { now: () => time.now },
  );
  await t.app.outbox.stop();
});
afterAll(async () => {
  await t.close();
  await Promise.all([fake.close(), smtp.close()]);
});

const settings = (quietHours = DEFAULT_MESSAGE_SETTINGS.quietHours): MessageSettings => ({
  ...DEFAULT_MESSAGE_SETTINGS,
  channels: { sms: true, whatsapp: true },
  quietHours,
});
beforeEach(async () => {
  time.now = START;
  fake.received.length = 0;
  smtp.received.length = 0;
  await setSetting(t.db, 'messages', settings(), null);
});

/** Runs the reminder job and then the outbox at `when`, as the server's timers would. */
async function runAt(when: Date) {
  time.now = when;
  const textProviders = createProviders(t.config, t.config.publicUrl);
  await tellDueReminders(t.db, { config: t.config, textProviders, now: () => when }, when);
  await t.app.outbox.runOnce(when);
}

async function applicant(channels: ('email' | 'sms' | 'whatsapp')[], phone = `+8801811${String(++phones).padStart(6, '0')}`) {
  const row = await createApplication(t.db, { given_name: 'Karim Uddin', surname: 'Rahman', phone });
  await setAgreedChannels(t.db, row.id, channels, null, time.now);
  return row;
}
/** A session started at the test's clock: the clock jumps days, further than a session stays idle. */
const staff = async (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
  t.request({ method, url, token: (await t.createStaff('superadmin')).token, payload });
async function letter(id: string, payload: Record<string, unknown>): Promise<string> {
  const res = await staff('POST', `/api/application/case/${id}/letters`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().letters as { _id: string }[]).at(-1)!._id;
}

const smsTo = (phone: string) => fake.received.filter((r) => r.path === '/sms' && r.form.get('number') === phone.slice(1));
const whatsappTo = (phone: string) =>
  fake.received.filter((r) => r.path.endsWith('/messages') && (r.json as { to: string }).to === phone.slice(1));
const mailTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe('reminders of a letter’s deadline', () => {
  it('reminds at 21, 7 and 2 days before, once each, in the applicant’s language, on the channels they agreed to', async () => {
    const bangla = await applicant(['email', 'sms', 'whatsapp']);
    const english = await applicant(['email', 'sms'], '+447700900123');
    // Received today: 30 days by the rule, so the deadline is 4 February.
    await letter(bangla.id, { kind: 'biometrics', letterDate: '2027-01-05' });
    await letter(english.id, { kind: 'passport', letterDate: '2027-01-05' });

    await runAt(at('2027-01-14T03:59:00.000Z'));
    expect(fake.received).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);

    await runAt(at('2027-01-14T04:00:00.000Z'));
    const [sms] = smsTo(bangla.phone);
    expect(sms?.form.get('message')).toBe(
      `প্রিয় Karim, অনুগ্রহ করে ${formatDate('2027-02-04', 'bn')} তারিখের মধ্যে ভিসা আবেদন কেন্দ্রে (VFS) আপনার বায়োমেট্রিক্স দিন। ${BRAND_NAME.bn}`,
    );
    expect(formatDate('2027-02-04', 'bn')).toMatch(/^[০-৯]+ /);
    expect(smsTo(english.phone)[0]?.form.get('message')).toMatch(/^Dear Karim, please bring your passport to our office by 4 Feb 2027\./);
    const template = (whatsappTo(bangla.phone)[0]?.json as { template: { name: string; language: { code: string } } }).template;
    expect(template).toMatchObject({ name: REMINDER_WHATSAPP.name, language: { code: 'bn' } });
    expect(JSON.stringify(template)).toContain(formatDate('2027-02-04', 'bn'));
    // Nothing on a channel not agreed to, and an email each, in both languages.
    expect(whatsappTo(english.phone)).toHaveLength(0);
    expect(mailTo(bangla.email)[0]?.subject).toBe(`Reminder: 4 Feb 2027 / মনে করিয়ে দেওয়া: ${formatDate('2027-02-04', 'bn')}`);
    expect(mailTo(english.email)).toHaveLength(1);
    // Never a passport number, a date of birth or the surname.
    for (const said of [...fake.received.map((r) => r.body), ...smtp.received.map((m) => m.raw)]) {
      for (const secret of [bangla.passport, english.passport, bangla.dob, english.dob, 'Rahman']) expect(said).not.toContain(secret);
    }

    // Run again, and on the other instants of the day: nothing more.
    await runAt(at('2027-01-14T04:05:00.000Z'));
    await runAt(at('2027-01-14T10:00:00.000Z'));
    expect(fake.received).toHaveLength(3);
    expect(smtp.received).toHaveLength(2);

    await runAt(at('2027-01-28T04:00:00.000Z'));
    await runAt(at('2027-02-02T04:00:00.000Z'));
    await runAt(at('2027-02-04T04:00:00.000Z'));
    expect([smsTo(bangla.phone), whatsappTo(bangla.phone), mailTo(bangla.email)].map((l) => l.length)).toEqual([3, 3, 3]);
    expect([smsTo(english.phone), mailTo(english.email)].map((l) => l.length)).toEqual([3, 3]);
    const sent = (await listAuditFor(t.db, 'application', bangla.id)).filter((e) => e.action === 'message.sent');
    expect(sent.map((e) => (e.details as { daysBefore: number }).daysBefore).sort()).toEqual([2, 2, 21, 21, 7, 7]);
  });

  it('holds text messages in quiet hours to their end, and sends none once the step is done', async () => {
    await setSetting(t.db, 'messages', settings({ start: '21:00', end: '11:00' }), null);
    const held = await applicant(['email', 'sms']);
    const done = await applicant(['email', 'sms']);
    await letter(held.id, { kind: 'medical', letterDate: '2027-01-05' });
    await letter(done.id, { kind: 'medical', letterDate: '2027-01-05' });

    // 10:00 in Dhaka: the emails go, the texts wait for 11:00.
    await runAt(at('2027-01-14T04:00:00.000Z'));
    expect(mailTo(held.email)).toHaveLength(1);
    expect(fake.received).toHaveLength(0);
    // The exam is done while the text waits: it is not sent, and no later reminder comes.
    const step = await staff('POST', `/api/application/case/${done.id}/steps`, { kind: 'medical-done', date: '2027-01-14' });
    expect(step.statusCode, step.body).toBe(200);
    await runAt(at('2027-01-14T04:59:00.000Z'));
    expect(fake.received).toHaveLength(0);
    await runAt(at('2027-01-14T05:00:00.000Z'));
    expect(smsTo(held.phone)[0]?.form.get('message')).toContain('প্যানেল চিকিৎসকের কাছে আপনার মেডিকেল পরীক্ষা করান');
    expect(smsTo(done.phone)).toHaveLength(0);
    const waiting = await t.db
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('application_id', '=', done.id)
      .where('channel', '=', 'sms')
      .execute();
    expect(waiting).toEqual([{ status: 'skipped', last_error: 'letter done' }]);

    await runAt(at('2027-01-28T05:00:00.000Z'));
    await runAt(at('2027-02-02T05:00:00.000Z'));
    expect([smsTo(held.phone), mailTo(held.email)].map((l) => l.length)).toEqual([3, 3]);
    expect([smsTo(done.phone), mailTo(done.email)].map((l) => l.length)).toEqual([0, 1]);
  });

  it('tells nobody whose data was erased or who withdrew consent', async () => {
    const erased = await applicant(['email', 'sms', 'whatsapp']);
    const withdrawn = await applicant(['email', 'sms', 'whatsapp']);
    await letter(erased.id, { kind: 'passport', letterDate: '2027-01-05' });
    await letter(withdrawn.id, { kind: 'biometrics', letterDate: '2027-01-05' });
    const erase = await staff('POST', `/api/application/eraseApplication/${erased.id}`, {
      reason: 'Asked to be forgotten',
      confirmation: erased.passport,
    });
    expect(erase.statusCode, erase.body).toBe(200);
    expect((await staff('POST', `/api/privacy/consent/${withdrawn.id}/withdraw`, { confirm: true })).statusCode).toBe(200);

    for (const day of ['2027-01-14', '2027-01-28', '2027-02-02']) await runAt(at(`${day}T05:00:00.000Z`));
    expect(fake.received).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
    const states = (id: string) => t.db.selectFrom('case_reminders').select('state').where('application_id', '=', id).execute();
    expect((await states(withdrawn.id)).map((r) => r.state)).toEqual(['withheld', 'withheld', 'withheld']);
    expect((await states(erased.id)).every((r) => r.state === 'withheld')).toBe(true);
  });

  it('moves pending reminders with a moved deadline, and never sends one whose day had passed', async () => {
    time.now = at('2027-01-12T06:00:00.000Z');
    const moved = await applicant(['email', 'sms']);
    const late = await applicant(['email', 'sms']);
    const id = await letter(moved.id, { kind: 'passport', letterDate: '2027-01-05' });
    // Entered on 12 January for a letter of 1 January: its 21-day reminder (10 January) is not sent late.
    await letter(late.id, { kind: 'passport', letterDate: '2027-01-01' });
    // Ten days earlier: the 21-day reminder's day (4 January) has gone, the others move with the deadline.
    const change = await staff('PATCH', `/api/application/case/${moved.id}/letters/${id}`, {
      deadline: '2027-01-25',
      reason: 'IRCC asked for it sooner',
    });
    expect(change.statusCode, change.body).toBe(200);

    await runAt(at('2027-01-12T06:05:00.000Z'));
    await runAt(at('2027-01-14T05:00:00.000Z'));
    expect(fake.received).toHaveLength(0);
    await runAt(at('2027-01-18T05:00:00.000Z'));
    expect(smsTo(moved.phone).map((r) => r.form.get('message'))).toEqual([expect.stringContaining(formatDate('2027-01-25', 'bn'))]);
    await runAt(at('2027-01-23T05:00:00.000Z'));
    await runAt(at('2027-01-24T05:00:00.000Z'));
    await runAt(at('2027-01-29T05:00:00.000Z'));
    expect([smsTo(moved.phone), mailTo(moved.email)].map((l) => l.length)).toEqual([2, 2]);
    // 1 January + 30 days: 31 January; reminded on the 24th and the 29th only.
    expect(smsTo(late.phone).map((r) => r.form.get('message'))).toEqual([
      expect.stringContaining(formatDate('2027-01-31', 'bn')),
      expect.stringContaining(formatDate('2027-01-31', 'bn')),
    ]);
    expect(mailTo(late.email)).toHaveLength(2);
  });
});
