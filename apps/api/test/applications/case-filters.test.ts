import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { BUILT_IN_STAGES } from '@visa/shared/case-work';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { engine } from '@visa/test-support/test-app';
import { listFilter } from '../../src/modules/domain/applications/search-repository.js';

// The staff list narrowed by stage and by an open IRCC letter's deadline (ADR 0079).

// 12 January 2027, 23:30 in Dhaka (17:30 UTC): the office's day is still the 12th.
const now = new Date('2027-01-12T17:30:00.000Z');
const t = appForFile({ APP_TIMEZONE: 'Asia/Dhaka' }, { now: () => now });
const staff = staffForFile(t, 'admin');
/** Ids newest first: every application, and those with an open letter due by the 19th (overdue included). */
const all: string[] = [];
const dueInAWeek: string[] = [];

beforeAll(async () => {
  // 12 applications a minute apart; every third at biometrics, the rest preparing; one approved at
  // the decision; one at the office's own stage. Letters: one overdue, one due today, one in 7 days,
  // one in 8 (outside a week), one at biometrics, one done (never due), two on one application (listed once).
  const start = Date.parse('2026-12-01T08:00:00.000Z');
  const deadlines: Record<number, string[]> = {
    1: ['2027-01-05'],
    2: ['2027-01-12', '2027-01-18'],
    3: ['2027-01-16'],
    4: ['2027-01-19'],
    5: ['2027-01-20'],
    9: ['2027-01-15'],
  };
  for (let i = 0; i < 12; i++) {
    const row = await createApplication(t.db, {
      created_at: new Date(start + i * 60_000).toISOString(),
      stage: i === 11 ? 'custom-embassy-visit' : i % 3 === 0 ? 'biometrics' : i === 10 ? 'decision' : 'preparing',
      status: i === 10 ? 'approved' : 'pending',
      surname: i === 4 ? 'Deadlow' : `Other${i}`,
    });
    all.unshift(row.id);
    for (const [n, deadline] of (deadlines[i] ?? []).entries()) {
      await t.db
        .insertInto('case_letters')
        .values({
          id: `${row.id.slice(0, 22)}${i.toString(16)}${n}`,
          application_id: row.id,
          kind: 'medical',
          letter_date: '2027-01-01',
          deadline,
          rule_deadline: null,
          reason: '',
          owner_id: null,
          // The letter on the 9th was answered: nothing is due there.
          done_on: i === 9 ? '2027-01-10' : null,
          created_by: null,
          created_at: now.toISOString(),
        })
        .execute();
    }
    if ([1, 2, 3, 4].includes(i)) dueInAWeek.unshift(row.id);
  }
});

const list = (query: string) => t.request({ method: 'GET', url: `/api/application/fetchApplication?${query}`, token: staff.token });
const ids = (body: { applications: { _id: string }[] }) => body.applications.map((a) => a._id);

describe('the stage and deadline filters of the staff list', () => {
  it('lists the applications at a stage, with each one’s stage, by page number and by cursor', async () => {
    const atBiometrics = all.filter((_, i) => (11 - i) % 3 === 0);
    const first = (await list('stage=biometrics&limit=2')).json();
    expect(first).toMatchObject({ totalApplication: 4, totalPages: 2, totalCapped: false });
    expect(ids(first)).toEqual(atBiometrics.slice(0, 2));
    expect(first.applications[0].stage).toBe('biometrics');
    const second = (await list(`stage=biometrics&limit=2&page=2&cursor=${first.nextCursor}`)).json();
    expect(ids(second)).toEqual(atBiometrics.slice(2));
    expect((await list('stage=custom-embassy-visit')).json()).toMatchObject({
      totalApplication: 1,
      applications: [{ _id: all[0], stage: 'custom-embassy-visit' }],
    });
    expect((await list('stage=decision&status=pending')).json().totalApplication).toBe(0);
    expect((await list('stage=decision&status=approved')).json().totalApplication).toBe(1);
    expect((await list('')).json().applications[1].stage).toBe('decision');
  });

  it('lists applications with an open letter due within N days of the office’s today, overdue included, each once', async () => {
    const week = (await list('dueWithin=7')).json();
    expect(week).toMatchObject({ totalApplication: 4, totalCapped: false });
    expect(ids(week)).toEqual(dueInAWeek);
    expect(ids((await list('dueWithin=0')).json())).toEqual(dueInAWeek.slice(2));
    expect((await list('dueWithin=8')).json().totalApplication).toBe(5);
    expect((await list('dueWithin=365')).json().totalApplication).toBe(5);
    // Five of twelve due within the year: a page of two is found walking the newest-first index (SQLite).
    const year = [5, 4, 3, 2, 1].map((i) => all[11 - i]);
    const walked = (await list('dueWithin=365&limit=2')).json();
    expect(ids(walked)).toEqual(year.slice(0, 2));
    expect(ids((await list(`dueWithin=365&limit=2&page=2&cursor=${walked.nextCursor}`)).json())).toEqual(year.slice(2, 4));
    const paged = (await list('dueWithin=7&limit=2')).json();
    expect(ids(paged)).toEqual(dueInAWeek.slice(0, 2));
    expect(ids((await list(`dueWithin=7&limit=2&page=2&cursor=${paged.nextCursor}`)).json())).toEqual(dueInAWeek.slice(2));
  });

  it('combines with the stage, the status, the search and the documents filter; empty values filter nothing', async () => {
    expect(ids((await list('dueWithin=7&stage=biometrics')).json())).toEqual([all[8]]);
    expect((await list('dueWithin=7&search=deadl')).json()).toMatchObject({ totalApplication: 1, applications: [{ surname: 'Deadlow' }] });
    expect((await list('dueWithin=7&stage=biometrics&search=deadl')).json().totalApplication).toBe(0);
    expect((await list('dueWithin=7&status=approved')).json().totalApplication).toBe(0);
    expect((await list('dueWithin=7&documents=waiting')).json().totalApplication).toBe(0);
    expect((await list('stage=&dueWithin=')).json().totalApplication).toBe(12);
  });

  it('takes every stage the case defines, and refuses a stage that is not one and a day count that is not 0 to 365 with 400 and its message', async () => {
    for (const stage of BUILT_IN_STAGES) expect((await list(`stage=${stage}`)).statusCode, stage).toBe(200);
    for (const query of [
      'stage=Biometrics',
      'stage=custom-',
      'stage=custom_x',
      'stage=biometrics&stage=medical',
      `stage=${'a'.repeat(50)}`,
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(APPLICATION_TEXTS.invalidStage);
    }
    for (const query of [
      'dueWithin=-1',
      'dueWithin=366',
      'dueWithin=1.5',
      'dueWithin=7x',
      'dueWithin=1e2',
      'dueWithin=%207',
      'dueWithin=7&dueWithin=8',
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(APPLICATION_TEXTS.invalidDueWithin);
    }
  });

  it('keeps the count of applications with a letter due exact as letters are added, answered, moved and deleted', async () => {
    /** Applications with an open letter due by each day of the week, as the list totals them and as the letters say. */
    const totals = async () => {
      const listed: number[] = [];
      const counted: number[] = [];
      const days = { 0: '2027-01-12', 3: '2027-01-15', 7: '2027-01-19', 30: '2027-02-11' };
      for (const [within, dueBy] of Object.entries(days)) {
        listed.push((await list(`dueWithin=${within}&limit=1`)).json().totalApplication);
        const due = await t.db
          .selectFrom('case_letters')
          .select('application_id')
          .distinct()
          .where('done_on', 'is', null)
          .where('deadline', '<=', dueBy)
          .execute();
        counted.push(due.length);
      }
      return { listed, counted };
    };
    const letter = (application_id: string, id: string, deadline: string) =>
      t.db
        .insertInto('case_letters')
        .values({ id, application_id, kind: 'medical', letter_date: '2027-01-01', deadline, reason: '', created_at: now.toISOString() })
        .execute();
    const steps: [string, () => Promise<unknown>][] = [
      ['a second, earlier letter', () => letter(all[7]!, 'a'.repeat(24), '2027-01-10')],
      ['a later letter beside it', () => letter(all[7]!, 'b'.repeat(24), '2027-01-30')],
      [
        'the earliest answered',
        () => t.db.updateTable('case_letters').set({ done_on: '2027-01-12' }).where('id', '=', 'a'.repeat(24)).execute(),
      ],
      [
        'a deadline moved',
        () => t.db.updateTable('case_letters').set({ deadline: '2027-01-14' }).where('id', '=', 'b'.repeat(24)).execute(),
      ],
      [
        'a letter moved to another application',
        () => t.db.updateTable('case_letters').set({ application_id: all[0]! }).where('id', '=', 'b'.repeat(24)).execute(),
      ],
      [
        'every letter of one application answered at once',
        () => t.db.updateTable('case_letters').set({ done_on: '2027-01-12' }).where('application_id', '=', all[9]!).execute(),
      ],
      [
        'an answered letter reopened',
        () => t.db.updateTable('case_letters').set({ done_on: null }).where('id', '=', 'a'.repeat(24)).execute(),
      ],
      ['a letter deleted', () => t.db.deleteFrom('case_letters').where('id', '=', 'a'.repeat(24)).execute()],
      ['an application with its letters deleted', () => t.db.deleteFrom('applications').where('id', '=', all[0]!).execute()],
    ];
    expect((await totals()).listed).toEqual([2, 2, 4, 5]);
    for (const [step, change] of steps) {
      await change();
      const { listed, counted } = await totals();
      expect(listed, step).toEqual(counted);
    }
    expect((await totals()).listed).toEqual([1, 1, 3, 4]);
  });

  it('finds the due ids on the open letters’ deadline index and each application by its key', async () => {
    const listQuery = (walk: boolean) =>
      t.db
        .selectFrom('applications')
        .selectAll()
        .where(listFilter({ search: '', dueBy: '2027-01-19' }, walk)!)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(10)
        .compile();
    const query = listQuery(false);
    if (engine === 'sqlite') {
      const planOf = async (walk: boolean) => {
        const walked = listQuery(walk);
        const rows = await t.db.executeQuery<{ detail: string }>({ ...walked, sql: `explain query plan ${walked.sql}` });
        return rows.rows.map((r) => r.detail).join('\n');
      };
      const plan = await planOf(false);
      expect(plan).toMatch(/SEARCH due_letter USING COVERING INDEX case_letters_open /);
      expect(plan).not.toMatch(/SCAN applications/);
      // Walking newest first, each application is asked after its earliest open letter by one seek, no list of due ids built.
      const walk = await planOf(true);
      expect(walk).toMatch(/SCAN applications USING INDEX applications_created_idx/);
      expect(walk).toMatch(/SEARCH due_letter USING COVERING INDEX case_letters_open_by_application \(application_id=\?\)/);
      expect(walk).not.toMatch(/LIST SUBQUERY|BLOOM/);
    } else {
      const plan = await t.db.connection().execute(async (conn) => {
        // The test's tables are tiny, so the planner would rightly scan them; forbid that to see the indexes it has.
        await sql`set enable_seqscan = off`.execute(conn);
        const rows = await conn.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
        await sql`reset enable_seqscan`.execute(conn);
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('case_letters_open');
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
