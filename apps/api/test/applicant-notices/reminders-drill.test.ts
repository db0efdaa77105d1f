import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_LETTERS } from '@visa/shared/case-work';
import { DEFAULT_CASE_SETTINGS } from '@visa/shared/case-settings';
import { addDays, todayIn } from '@visa/shared/dates';
import { DEFAULT_MESSAGE_SETTINGS, type NotifyChannel } from '@visa/shared/notices';
import { createApplication } from '@visa/test-support/applications';
import { type TestApp, createTestApp, engine } from '@visa/test-support/test-app';
import { FAKE_WHATSAPP, type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';
import { type Db, createDb } from '../../src/db/connection.js';
import { dataDirLayout } from '../../src/infra/data-dir.js';
import { createMailer } from '../../src/infra/mail-transport.js';
import { createProviders } from '../../src/infra/text-providers/providers.js';
import { newId } from '../../src/lib/ids.js';
import { planReminders, reminderMoment } from '../../src/modules/domain/applicant-notices/reminders.js';
import { type OutboxWorker, createOutboxWorker } from '../../src/modules/domain/applicant-notices/worker.js';
import * as letters from '../../src/modules/domain/case-work/repository.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { type Job } from '../../src/modules/operations/jobs/scheduler.js';
import { scheduledJobs } from '../../src/modules/operations/jobs/jobs.js';

/**
 * The reminders drill (ADR 0080): 120 simulated days on the test's clock, never a wall-clock wait.
 * Applicants get letters of random kinds and dates (a seeded generator), some deadlines move, some
 * letters are done midway, some applicants withdraw or are erased, quiet hours hold the texts till
 * 10:30; emails go to the mail folder (no SMTP_URL), texts to the fake providers. Two instances (on PostgreSQL two connection pools, each with its own reminder job and outbox
 * worker) run at the same moments; at the end every reminder must have reached each agreed channel
 * exactly once, at its moment, never in quiet hours and never after its letter was done.
 */

const SIZE = engine === 'postgres' ? 1000 : 150;
const DAYS = 120;
const ZONE = 'Asia/Dhaka';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIRST_DAY = '2027-03-01';
/** Local midnight of the first day in Dhaka (UTC+6, no daylight saving). */
const MIDNIGHT = Date.parse(`${FIRST_DAY}T00:00:00.000Z`) - 6 * HOUR;
const dayAt = (day: number, hours: number) => new Date(MIDNIGHT + day * DAY + hours * HOUR);
const dateOf = (day: number) => addDays(FIRST_DAY, day);
/**
 * The steps of each simulated day, as local hours: reminders fall due (inside quiet hours for texts),
 * quiet hours end, the office's work of the day (withdrawals and erasures, letters entered, moved and
 * done, in that order), which may make a reminder due at once.
 */
const OFFICE = 14;
const STEPS = [10, 10.5, OFFICE];
const QUIET = { start: '21:00', end: '10:30' };
const REMINDER_DAYS = [21, 7, 2];

/** A small seeded generator (mulberry32): the same drill on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Letter {
  id: string;
  applicationId: string;
  kind: (typeof APPLICANT_LETTERS)[number];
  letterDate: string;
  deadline: string;
  entry: Date;
  move?: { at: Date; deadline: string };
  done?: Date;
}
interface Applicant {
  id: string;
  channels: NotifyChannel[];
  /** When they withdrew consent or were erased. */
  stop?: { at: Date; how: 'withdrawn' | 'erased' };
}

/** What the plan of ADR 0080 says: a day gone is passed, today's hour gone is due at once, else its moment. */
function planned(deadline: string, daysBefore: number, at: Date): Date | null {
  if (addDays(deadline, -daysBefore) < todayIn(ZONE, at)) return null;
  const moment = reminderMoment(deadline, daysBefore, ZONE);
  return moment < at ? at : moment;
}

/** When a reminder must be told, from the letter's story alone; null: never. */
function toldAt(letter: Letter, applicant: Applicant, daysBefore: number): Date | null {
  let due = planned(letter.deadline, daysBefore, letter.entry);
  if (letter.move && !(due && due <= letter.move.at)) due = planned(letter.move.deadline, daysBefore, letter.move.at);
  if (!due || due > dayAt(DAYS, OFFICE)) return null;
  if (letter.done && letter.done <= due) return null;
  if (applicant.stop && applicant.stop.at <= due) return null;
  return due;
}

/** Text messages wait out quiet hours (21:00 to 10:30 in Dhaka). */
function afterQuiet(at: Date): Date {
  const local = (at.getTime() - MIDNIGHT) % DAY;
  const day = Math.floor((at.getTime() - MIDNIGHT) / DAY);
  if (local < 10.5 * HOUR) return dayAt(day, 10.5);
  if (local >= 21 * HOUR) return dayAt(day + 1, 10.5);
  return at;
}
const inQuiet = (at: Date) => afterQuiet(at).getTime() !== at.getTime();

function story(applicationIds: string[]) {
  const next = random(80);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low));
  // Most applicants agree to email alone, as at the office; every combination is there.
  const channelSets: NotifyChannel[][] = [
    ...Array<NotifyChannel[]>(6).fill(['email']),
    ['email', 'sms'],
    ['email', 'sms'],
    ['email', 'whatsapp'],
    ['email', 'sms', 'whatsapp'],
    ['sms'],
  ];
  const applicants: Applicant[] = [];
  const all: Letter[] = [];
  for (const id of applicationIds) {
    const applicant: Applicant = { id, channels: pick(channelSets) };
    const roll = next();
    if (roll < 0.06) applicant.stop = { at: dayAt(between(0, DAYS - 10), OFFICE), how: 'withdrawn' };
    else if (roll < 0.09) applicant.stop = { at: dayAt(between(0, DAYS - 10), OFFICE), how: 'erased' };
    applicants.push(applicant);
    // Three in ten applications are at a stage with a letter; some have two.
    const share = next();
    const kinds = share < 0.05 ? ['biometrics', 'passport'] : share < 0.3 ? [pick(APPLICANT_LETTERS)] : [];
    for (const kind of kinds as Letter['kind'][]) {
      const entryDay = between(0, 90);
      const letterDate = dateOf(entryDay - between(0, 13));
      const letter: Letter = {
        id: `drill-${all.length}`,
        applicationId: id,
        kind,
        letterDate,
        deadline: addDays(letterDate, 30),
        entry: dayAt(entryDay, OFFICE),
      };
      const deadlineDay = Math.round((Date.parse(letter.deadline) - Date.parse(FIRST_DAY)) / DAY);
      const fate = next();
      if (fate < 0.12 && deadlineDay > entryDay + 1) {
        const delta = pick([-12, -8, -5, -1, 3, 10, 20]);
        const deadline = addDays(letter.deadline, delta) < letterDate ? letterDate : addDays(letter.deadline, delta);
        letter.move = { at: dayAt(between(entryDay + 1, deadlineDay), OFFICE), deadline };
      } else if (fate < 0.27 && deadlineDay > entryDay + 1) {
        letter.done = dayAt(between(entryDay + 1, deadlineDay + 1), OFFICE);
      }
      all.push(letter);
    }
  }
  return { applicants, letters: all };
}

/** One instance: its database pool, its reminder job (the server's own), its outbox worker. */
interface Instance {
  db: Db;
  job: Job;
  outbox: OutboxWorker;
}

let fake: FakeProviders;
let t: TestApp;
const instances: Instance[] = [];
const time = { now: dayAt(0, 6) };

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await createTestApp(
    {
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
  const settings = { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: true }, quietHours: QUIET };
  await setSetting(t.db, 'messages', { ...settings, limits: { perApplicationPerDay: 50, perNumberPerDay: 50 } }, null);
  // SQLite has one writer: its second instance shares the connection and takes its turn.
  for (const db of [t.db, engine === 'postgres' ? createDb(t.config.database) : t.db]) {
    const deps = { config: t.config, db, storage: t.storage, log: t.app.log };
    const job = scheduledJobs(deps).find((j) => j.name === 'case-reminders')!;
    const outbox = createOutboxWorker({
      db,
      mailer: createMailer(t.config),
      providers: createProviders(t.config, t.config.publicUrl),
      log: t.app.log,
      timeZone: ZONE,
      publicUrl: t.config.publicUrl,
    });
    instances.push({ db, job, outbox });
  }
});
afterAll(async () => {
  for (const instance of instances) await instance.outbox.close();
  if (instances[1] && instances[1].db !== t.db) await instances[1].db.destroy();
  await t.close();
  await fake.close();
});

/** Both instances run the reminder job, then both run their outbox, at `now`: together on PostgreSQL. */
async function tick(now: Date) {
  const signal = new AbortController().signal;
  const both = async (fn: (i: Instance) => Promise<unknown>) => {
    if (engine === 'postgres') await Promise.all(instances.map(fn));
    else for (const instance of instances) await fn(instance);
  };
  await both((i) => i.job.run({ now, signal }));
  await both((i) => i.outbox.runOnce(now));
}

describe(`the reminders drill: ${DAYS} days, ${SIZE} applications, two instances on ${engine}`, () => {
  // A few seconds on an idle machine; the bound is for a loaded one.
  it(
    'tells every reminder exactly once at its moment, none missed, none in quiet hours, none after completion',
    { timeout: 120_000 },
    async () => {
      const staff = await t.createStaff('admin');
      // One application made as the tests make them, the drill's its copies with their own keys, in bulk.
      const template = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman' });
      const rows = Array.from({ length: SIZE }, (_, i) => ({
        ...template,
        id: newId(),
        email: `drill${i}@example.com`,
        passport: `DR${String(i).padStart(7, '0')}`,
        // Two in three Bangladeshi numbers (Bangla), the others English.
        phone: i % 3 !== 0 ? `+8801711${String(i).padStart(6, '0')}` : `+4477009${String(i).padStart(5, '0')}`,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await t.db
          .insertInto('applications')
          .values(rows.slice(i, i + 200))
          .execute();
      const { applicants, letters: all } = story(rows.map((r) => r.id));
      const agreements = applicants.map((a) => ({
        application_id: a.id,
        channels: a.channels.join(','),
        updated_at: time.now.toISOString(),
        updated_by: null,
      }));
      for (let i = 0; i < agreements.length; i += 200)
        await t.db
          .insertInto('message_consents')
          .values(agreements.slice(i, i + 200))
          .execute();
      await setSetting(t.db, 'caseWork', { ...DEFAULT_CASE_SETTINGS, reminderDays: REMINDER_DAYS }, null);

      // What happens at each moment, in the order the office does it; the server's code for each.
      const events = new Map<number, ((db: Db, now: Date) => Promise<void>)[]>();
      const on = (at: Date, fn: (db: Db, now: Date) => Promise<void>) =>
        events.set(at.getTime(), [...(events.get(at.getTime()) ?? []), fn]);
      const clock = (now: Date) => ({ timeZone: ZONE, now });
      for (const a of applicants) {
        if (!a.stop) continue;
        const column = a.stop.how === 'withdrawn' ? 'consent_withdrawn_at' : 'anonymised_at';
        on(a.stop.at, (db, now) =>
          db
            .updateTable('applications')
            .set({ [column]: now.toISOString() })
            .where('id', '=', a.id)
            .execute()
            .then(),
        );
      }
      for (const l of all) {
        on(l.entry, (db, now) =>
          db.transaction().execute(async (trx) => {
            await letters.insertLetter(trx, {
              ...{ id: l.id, application_id: l.applicationId, kind: l.kind, letter_date: l.letterDate, deadline: l.deadline },
              ...{
                rule_deadline: null,
                reason: '',
                owner_id: staff.id,
                done_on: null,
                created_by: staff.id,
                created_at: now.toISOString(),
              },
            });
            await planReminders(trx, clock(now), [l.id]);
          }),
        );
        const move = l.move;
        if (move)
          on(move.at, (db, now) =>
            db.transaction().execute(async (trx) => {
              await letters.updateOpenLetter(trx, l.id, { deadline: move.deadline, rule_deadline: l.deadline, reason: 'IRCC' });
              await planReminders(trx, clock(now), [l.id]);
            }),
          );
        if (l.done)
          on(l.done, (db, now) =>
            db.transaction().execute(async (trx) => {
              await letters.closeLetters(trx, [l.id], todayIn(ZONE, now));
              await planReminders(trx, clock(now), [l.id]);
            }),
          );
      }

      for (let day = 0; day <= DAYS; day++) {
        for (const hours of STEPS) {
          const now = dayAt(day, hours);
          time.now = now;
          for (const fn of events.get(now.getTime()) ?? []) await fn(t.db, now);
          await tick(now);
        }
      }

      // What reached the applicants, by reminder and channel, against what the letters' stories say.
      const sent = await t.db
        .selectFrom('outbox')
        .innerJoin('case_reminders', 'case_reminders.id', 'outbox.reminder_id')
        .select(['case_reminders.letter_id', 'case_reminders.days_before', 'outbox.channel', 'outbox.status', 'outbox.sent_at'])
        .execute();
      const byKey = new Map<string, { status: string; sentAt: string | null }[]>();
      for (const row of sent) {
        const key = `${row.letter_id} ${row.days_before} ${row.channel}`;
        byKey.set(key, [...(byKey.get(key) ?? []), { status: row.status, sentAt: row.sent_at }]);
      }
      const applicantOf = new Map(applicants.map((a) => [a.id, a]));
      const letterOf = new Map(all.map((l) => [l.id, l]));
      const counts = { expected: 0, missed: 0, duplicated: 0, lateOrEarly: 0, unexpected: 0, inQuietHours: 0, afterCompletion: 0 };
      const expectedKeys = new Set<string>();
      for (const l of all) {
        const a = applicantOf.get(l.applicationId)!;
        for (const n of REMINDER_DAYS) {
          const due = toldAt(l, a, n);
          if (!due) continue;
          for (const channel of a.channels) {
            const key = `${l.id} ${n} ${channel}`;
            expectedKeys.add(key);
            counts.expected += 1;
            const rows = (byKey.get(key) ?? []).filter((r) => r.status === 'sent');
            if (rows.length === 0) counts.missed += 1;
            if ((byKey.get(key) ?? []).length > 1) counts.duplicated += 1;
            const moment = channel === 'email' ? due : afterQuiet(due);
            if (rows.some((r) => r.sentAt !== moment.toISOString())) counts.lateOrEarly += 1;
          }
        }
      }
      for (const [key, rows] of byKey) {
        const delivered = rows.filter((r) => r.status === 'sent');
        if (delivered.length > 0 && !expectedKeys.has(key)) counts.unexpected += 1;
        const [letterId, , channel] = key.split(' ');
        const done = letterOf.get(letterId!)!.done;
        for (const r of delivered) {
          if (channel !== 'email' && inQuiet(new Date(r.sentAt!))) counts.inQuietHours += 1;
          if (done && new Date(r.sentAt!) >= done) counts.afterCompletion += 1;
        }
      }
      expect(counts.expected).toBeGreaterThan(SIZE);
      const none = { missed: 0, duplicated: 0, lateOrEarly: 0, unexpected: 0, inQuietHours: 0, afterCompletion: 0 };
      expect(counts).toEqual({ expected: counts.expected, ...none });
      // What the providers received and the mail folder holds is what the outbox says went: nothing twice at their end either.
      const delivered = sent.filter((r) => r.status === 'sent');
      const mailFiles = fs.readdirSync(dataDirLayout(t.dataDir).outbox).filter((name) => name.endsWith('.eml'));
      expect(mailFiles.length).toBe(delivered.filter((r) => r.channel === 'email').length);
      expect(fake.received.length).toBe(delivered.filter((r) => r.channel !== 'email').length);
    },
  );
});
