import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '@visa/test-support/applications';
import { emlText } from '@visa/test-support/document-request-links';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { freePort } from '@visa/test-support/ports';
import { startSmtpServer } from '@visa/test-support/smtp';
import { buildApp } from '../../src/app.js';
import jobsPlugin from '../../src/modules/operations/jobs/plugin.js';
import { findJob } from '../../src/modules/operations/jobs/repository.js';
import { addDays, todayIn } from '@visa/shared/dates';
import { newId } from '../../src/lib/ids.js';
import { closeLetters, insertLetter } from '../../src/modules/domain/case-work/repository.js';
import { queueDueDigests } from '../../src/modules/domain/staff-deadlines/digest.js';

/**
 * The daily digest (ADR 0081) through the real scheduled job of two app instances on one
 * database, the outbox and a real SMTP server: nothing before the office's hour in Asia/Dhaka,
 * then one email per member with something due, whoever's tick comes first, naming each
 * application by reference and given name only.
 */

const port = await freePort();
const smtp = await startSmtpServer(port);
afterAll(() => smtp.close());
let clock = new Date('2027-01-12T01:50:00.000Z'); // 07:50 in Dhaka
const t = appForFile(
  { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Visa Desk <desk@example.com>', APP_TIMEZONE: 'Asia/Dhaka' },
  { now: () => clock },
);
const nadia = staffForFile(t, 'admin', { name: 'Nadia Staff' });
const owner = staffForFile(t, 'superadmin', { name: 'Office Owner' });
const rafi = staffForFile(t, 'admin', { name: 'Rafi Clerk' });

/** Two more instances of the server on the same database, each with the scheduled jobs. */
const instances: FastifyInstance[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const config = { ...t.config, SCHEDULED_JOBS: false };
    const app = await buildApp({ config, db: t.db, secret: config.APP_SECRET!, storage: t.storage, webRoot: null, now: () => clock });
    await app.register(jobsPlugin, { config, db: t.db, storage: t.storage, now: () => clock });
    await app.ready();
    await app.outbox.stop();
    instances.push(app);
  }
  await t.app.outbox.stop();
});
afterAll(async () => {
  for (const app of instances) await app.close();
});

const at = (dhakaTime: string) => (clock = new Date(`2027-01-12T${dhakaTime}:00.000+06:00`));
const tickBoth = () => Promise.all(instances.map((app) => app.jobs.runDue(clock)));
const digests = () => smtp.received.filter((m) => m.subject.startsWith('Your IRCC deadlines'));
const letter = (id: string, payload: Record<string, unknown>, token: string) =>
  t.request({ method: 'POST', url: `/api/application/case/${id}/letters`, payload, token });

describe('the daily digest', () => {
  it('emails each owner of letters due this week once, at the digest hour in Dhaka, with reference and given name only', async () => {
    const a = await createApplication(t.db, { given_name: 'Rahim', surname: 'Chowdhury', phone: '+8801711000000', dob: '1990-05-17' });
    const b = await createApplication(t.db, { given_name: 'Salma', surname: 'Begum' });
    const reason = { reason: 'As the letter says' };
    for (const [id, body, who] of [
      [a.id, { kind: 'fairness', letterDate: '2027-01-02', deadline: '2027-01-11' }, nadia],
      [b.id, { kind: 'medical', letterDate: '2027-01-02', deadline: '2027-01-15', ...reason }, nadia],
      [b.id, { kind: 'passport', letterDate: '2027-01-02', deadline: '2027-01-12', ...reason }, owner],
      // Past the week: nothing for Rafi.
      [a.id, { kind: 'documents', letterDate: '2027-01-02', deadline: '2027-02-20' }, rafi],
    ] as const) {
      expect((await letter(id, body, who.token)).statusCode).toBe(200);
    }

    at('07:50');
    await tickBoth();
    at('07:56');
    expect((await tickBoth()).flat().filter((job) => job === 'staff-digest')).toEqual(['staff-digest']);
    expect(JSON.parse((await findJob(t.db, 'staff-digest'))!.outcome!)).toMatchObject({ day: '2027-01-12', due: false, queued: 0 });
    await t.app.outbox.runOnce(clock);
    expect(digests()).toEqual([]);

    at('08:02');
    expect((await tickBoth()).flat().filter((job) => job === 'staff-digest')).toEqual(['staff-digest']);
    expect(JSON.parse((await findJob(t.db, 'staff-digest'))!.outcome!)).toMatchObject({ due: true, queued: 2 });
    // Later ticks of either instance the same day queue nothing more.
    for (const time of ['08:08', '13:00', '23:58']) {
      at(time);
      await tickBoth();
    }
    await t.app.outbox.runOnce(clock);
    expect(
      digests()
        .map((m) => m.to[0])
        .sort(),
    ).toEqual([nadia.email, owner.email].sort());

    const nadias = emlText(digests().find((m) => m.to.includes(nadia.email))!.raw);
    expect(digests().find((m) => m.to.includes(nadia.email))!.subject).toBe('Your IRCC deadlines: 1 overdue, 0 due today, 1 this week');
    expect(nadias).toContain(`${a.id} Rahim`);
    expect(nadias).toContain(`${t.config.publicUrl}/updateApplicationView/${a.id}`);
    expect(nadias).toContain(`${b.id} Salma`);
    for (const personal of [a.surname, a.passport, a.email, '8801711000000', '1990-05-17', b.surname, b.passport]) {
      expect(nadias).not.toContain(personal);
    }
    // A super-admin's digest is their own letters, not everyone's.
    const owners = emlText(digests().find((m) => m.to.includes(owner.email))!.raw);
    expect(owners).toContain(`Passport request: ${b.id} Salma`);
    expect(owners).not.toContain(a.id);
  });
});

describe('120 simulated days', () => {
  it('queues exactly one digest per member per day with something due, with two instances asking at once', async () => {
    const staff = await Promise.all([t.createStaff('admin'), t.createStaff('admin'), t.createStaff('superadmin')]);
    const apps = await Promise.all([0, 1, 2, 3].map(() => createApplication(t.db)));
    const start = '2027-03-01';
    // Thirty letters spread over the days, a third answered two days before their deadline.
    const letters = Array.from({ length: 30 }, (_, i) => ({
      id: newId(),
      owner: staff[i % 3]!,
      deadline: addDays(start, (i * 37) % 125),
      doneOn: i % 3 === 1 ? addDays(start, ((i * 37) % 125) - 2) : null,
    }));
    for (const [i, l] of letters.entries()) {
      await insertLetter(t.db, {
        id: l.id,
        application_id: apps[i % apps.length]!.id,
        kind: 'documents',
        letter_date: addDays(l.deadline, -30),
        deadline: l.deadline,
        rule_deadline: null,
        reason: '',
        owner_id: l.owner.id,
        done_on: null,
        created_by: l.owner.id,
        created_at: new Date(`${start}T00:00:00Z`).toISOString(),
      });
    }
    const callers = [
      { db: t.db, config: t.config },
      { db: t.db, config: t.config },
    ];
    const expected = new Set<string>();
    for (let d = 0; d < 120; d++) {
      const day = addDays(start, d);
      await closeLetters(
        t.db,
        letters.filter((l) => l.doneOn === day).map((l) => l.id),
        day,
      );
      // Some days the servers are down all day (no digest, none later), some they start late (still today's).
      if (d % 17 === 5) continue;
      const times = d % 11 === 3 ? ['15:00'] : d % 5 === 0 ? ['07:55', '08:00', '23:55'] : ['07:55', '08:00'];
      for (const time of times) {
        clock = new Date(`${day}T${time}:00.000+06:00`);
        await Promise.all(callers.map((caller) => queueDueDigests(caller, clock)));
      }
      for (const member of staff) {
        const due = letters.some((l) => l.owner === member && l.deadline <= addDays(day, 7) && (l.doneOn === null || l.doneOn > day));
        if (due) expected.add(`${member.email} ${day}`);
      }
    }

    const rows = await t.db
      .selectFrom('outbox')
      .select(['recipient', 'created_at'])
      .where(
        'recipient',
        'in',
        staff.map((s) => s.email),
      )
      .execute();
    const queued = rows.map((r) => `${r.recipient} ${todayIn('Asia/Dhaka', new Date(r.created_at))}`);
    expect(queued).toHaveLength(new Set(queued).size);
    expect(new Set(queued)).toEqual(expected);
    expect(expected.size).toBeGreaterThan(150);
    // Only the last month of digest days is kept.
    const kept = await t.db.selectFrom('staff_digests').select('day').distinct().execute();
    expect(kept.every((r) => r.day >= addDays(start, 119 - 30))).toBe(true);
    // None before the digest hour.
    expect(rows.filter((r) => new Date(r.created_at).getTime() % 86_400_000 < 2 * 3_600_000)).toEqual([]);
  }, 60_000);
});
