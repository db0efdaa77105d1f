import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import type { Application } from '@visa/shared/applications';
import { JOB_TITLES } from '@visa/shared/constants';
import { todayIn } from '@visa/shared/dates';
import { sql } from 'kysely';
import { searchFilter } from '../../src/modules/domain/applications/search-repository.js';
import { addApplication, applicationFields } from '@visa/test-support/applications';
import { type TestApp, createTestApp, engine } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';

// The staff list: pages, search, status filter, their CSV export and the index plans they rely on.

describe('list and search', () => {
  let fresh: TestApp;
  let token: string;
  const names = [
    ['Ahmed', 'Nusrat', 'BX1000001'],
    ['Ahmadi', 'Rafiq', 'BX1000002'],
    ['Begum', 'Ayesha', 'CY2000001'],
    ['Chowdhury', 'Ahnaf', 'DZ3000001'],
    ['Das', 'Tania', 'EA4000001'],
  ] as const;
  beforeAll(async () => {
    fresh = await createTestApp();
    token = (await fresh.createStaff()).token;
    for (const [surname, givenN, passport] of names) {
      const visaType = surname === 'Ahmadi' ? 'Student' : 'Work';
      const res = await addApplication(fresh, token, applicationFields({ surname, givenN, passport, visaType }));
      expect(res.statusCode).toBe(201);
    }
    for (let i = 0; i < 18; i++) {
      const res = await addApplication(fresh, token, applicationFields({ surname: `Filler${String(i).padStart(2, '0')}` }));
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => fresh.close());
  const page = (q: string) => fresh.request({ method: 'GET', url: `/api/application/fetchApplication?${q}`, token }).then((r) => r.json());

  it('pages newest first with totals (10 per page by default)', async () => {
    const first = await page('');
    expect(first).toMatchObject({ totalApplication: 23, totalPages: 3, page: 1 });
    expect(first.applications).toHaveLength(10);
    expect(first.applications[0].surname).toBe('Filler17');
    const third = await page('page=3');
    expect(third.applications.map((a: Application) => a.surname)).toEqual(['Begum', 'Ahmadi', 'Ahmed']);
    const ids = new Set([...first.applications, ...(await page('page=2')).applications, ...third.applications].map((a) => a._id));
    expect(ids.size).toBe(23);
    expect(await page('page=9')).toMatchObject({ applications: [], totalApplication: 23, totalPages: 3, page: 9 });
    expect((await page('limit=5')).totalPages).toBe(5);
  });

  it('finds by a case-insensitive prefix of passport, surname or given name', async () => {
    const surnames = async (search: string) =>
      (await page(`search=${encodeURIComponent(search)}`)).applications.map((a: Application) => a.surname).sort();
    expect(await surnames('bx10')).toEqual(['Ahmadi', 'Ahmed']);
    expect(await surnames('BX1000002')).toEqual(['Ahmadi']);
    expect(await surnames('ahm')).toEqual(['Ahmadi', 'Ahmed']);
    expect(await surnames('AHN')).toEqual(['Chowdhury']);
    expect(await surnames('ah')).toEqual(['Ahmadi', 'Ahmed', 'Chowdhury']);
    expect(await surnames('  ayesha ')).toEqual(['Begum']);
    expect(await surnames('zz')).toEqual([]);
    // A middle part is not a prefix.
    expect(await surnames('1000001')).toEqual([]);
    const counted = await page('search=ah&limit=2');
    expect(counted).toMatchObject({ totalApplication: 3, totalPages: 2 });
  });

  it('treats a dot, hyphen or apostrophe as plain characters, and refuses regex and LIKE syntax', async () => {
    expect((await page('search=.')).applications).toEqual([]);
    expect((await page(`search=${encodeURIComponent("d'")}`)).applications).toEqual([]);
    for (const search of ['.*', '^A', 'A|B', '(a+)+$', '[A-Z]', '%', '_', 'a\\']) {
      const res = await fresh.request({
        method: 'GET',
        url: `/api/application/fetchApplication?search=${encodeURIComponent(search)}`,
        token,
      });
      expect(res.statusCode, search).toBe(400);
      expect(res.json().message).toBe(APPLICATION_TEXTS.invalidSearch);
    }
  });

  it('answers the dashboard figures', async () => {
    const res = await fresh.request({ method: 'GET', url: '/api/application/stats', token });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.total).toBe(23);
    expect(stats.byStatus).toEqual({ pending: 23, approved: 0, rejected: 0 });
    expect(stats.byJobTitle.map((j: { jobTitle: string }) => j.jobTitle)).toEqual([...JOB_TITLES]);
    expect(stats.byJobTitle.find((j: { jobTitle: string }) => j.jobTitle === 'Electrician').count).toBe(23);
    expect(stats.byMonth).toHaveLength(12);
    expect(stats.byMonth.at(-1)).toEqual({ month: todayIn('Asia/Dhaka').slice(0, 7), count: 23 });
  });

  it('exports the current search as CSV', async () => {
    const res = await fresh.request({ method: 'GET', url: '/api/application/export?search=ahm', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '_id,surname,givenN,email,phone,nationalId,sex,dob,birthCity,currentN,identification,company,dutyDuration,jobTitle,salary,passport,issuedCountry,visaType,isStatus,pending,approve,createdAt,updatedAt',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',Ahmadi,Rafiq,');
    // The salary holds a comma, so it is quoted.
    expect(lines[1]).toContain(',"CAD 3,200 / month",BX1000002,');
    // The visa type the list's form shows, after the passport's country; dates stay ISO.
    expect(lines[1]).toMatch(/,BX1000002,[^,]+,Student,pending,\d{4}-\d{2}-\d{2},,\d{4}-\d{2}-\d{2}T/);
    const all = await fresh.request({ method: 'GET', url: '/api/application/export', token });
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(24);
  });
});

describe('filter by status', () => {
  let fresh: TestApp;
  let token: string;
  beforeAll(async () => {
    fresh = await createTestApp();
    token = (await fresh.createStaff()).token;
    // 6 pending, 4 approved (two named Ahmed…), 2 rejected; created one after another.
    const plan: [string, string][] = [
      ['Ahmed', 'approved'],
      ['Ahmadi', 'pending'],
      ['Ahmedov', 'approved'],
      ['Begum', 'rejected'],
      ['Chowdhury', 'approved'],
      ['Das', 'pending'],
      ['Elahi', 'pending'],
      ['Faruk', 'rejected'],
      ['Gazi', 'approved'],
      ['Haque', 'pending'],
      ['Islam', 'pending'],
      ['Jahan', 'pending'],
    ];
    for (const [surname, status] of plan) {
      const res = await addApplication(fresh, token, applicationFields({ surname }));
      expect(res.statusCode).toBe(201);
      await fresh.db
        .updateTable('applications')
        .set({ status: status as 'pending' | 'approved' | 'rejected' })
        .where('id', '=', res.json()._id)
        .execute();
    }
  });
  afterAll(() => fresh.close());
  const get = (q: string) => fresh.request({ method: 'GET', url: `/api/application/fetchApplication?${q}`, token });
  const surnames = async (q: string) => (await get(q)).json().applications.map((a: Application) => a.surname);

  it('lists one status, newest first, with its own totals and pages', async () => {
    expect(await surnames('status=approved')).toEqual(['Gazi', 'Chowdhury', 'Ahmedov', 'Ahmed']);
    expect((await get('status=rejected')).json()).toMatchObject({ totalApplication: 2, totalPages: 1 });
    const first = (await get('status=pending&limit=4')).json();
    expect(first).toMatchObject({ totalApplication: 6, totalPages: 2, page: 1 });
    expect(first.applications.map((a: Application) => a.surname)).toEqual(['Jahan', 'Islam', 'Haque', 'Elahi']);
    expect(await surnames('status=pending&limit=4&page=2')).toEqual(['Das', 'Ahmadi']);
    expect(first.applications.every((a: Application) => a.isStatus === 'pending')).toBe(true);
  });

  it('combines with the search; an empty status is no filter', async () => {
    expect(await surnames('status=approved&search=ahm')).toEqual(['Ahmedov', 'Ahmed']);
    expect(await surnames('status=pending&search=ahm')).toEqual(['Ahmadi']);
    expect(await surnames('status=rejected&search=ahm')).toEqual([]);
    expect((await get('status=')).json().totalApplication).toBe(12);
  });

  it('refuses any other value with 400 and a clear message', async () => {
    for (const status of ['Pending', 'approve', 'all', 'pending,approved', '1']) {
      const res = await get(`status=${encodeURIComponent(status)}`);
      expect(res.statusCode, status).toBe(400);
      expect(res.json().message).toBe(APPLICATION_TEXTS.invalidStatus);
    }
    expect(APPLICATION_TEXTS.invalidStatus).toBe('Status must be pending, approved or rejected.');
    const csv = await fresh.request({ method: 'GET', url: '/api/application/export?status=done', token });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toBe(APPLICATION_TEXTS.invalidStatus);
  });

  it('exports the same filter as CSV', async () => {
    const res = await fresh.request({ method: 'GET', url: '/api/application/export?status=approved&search=ahm', token });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Ahmedov', 'Ahmed']);
    for (const line of lines.slice(1)) expect(line).toContain(',approved,');
    const rejected = await fresh.request({ method: 'GET', url: '/api/application/export?status=rejected', token });
    expect(rejected.body.trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('reads a page of one status from the (status, created_at, id) index', async () => {
    const query = fresh.db
      .selectFrom('applications')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .compile();
    let plan: string;
    if (engine === 'sqlite') {
      const rows = await fresh.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      plan = rows.rows.map((r) => r.detail).join('\n');
      expect(plan).not.toContain('TEMP B-TREE');
    } else {
      plan = await fresh.db.connection().execute(async (conn) => {
        await sql`set enable_seqscan = off`.execute(conn);
        const rows = await conn.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
        await sql`reset enable_seqscan`.execute(conn);
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).not.toContain('Sort');
    }
    expect(plan).toContain('applications_status_created_idx');
  });
});

describe('search plan', () => {
  const t = appForFile();

  it('reads the passport, surname and given-name indexes, never the whole table', async () => {
    const query = t.db
      .selectFrom('applications')
      .selectAll()
      .where(searchFilter('ab12')!)
      .orderBy('created_at', 'desc')
      .limit(10)
      .compile();
    let plan: string;
    if (engine === 'sqlite') {
      const rows = await t.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      plan = rows.rows.map((r) => r.detail).join('\n');
      expect(plan).toContain('MULTI-INDEX OR');
      expect(plan).not.toMatch(/SCAN applications(?! USING)/);
    } else {
      plan = await t.db.connection().execute(async (conn) => {
        // A test table is tiny, so the planner would rightly scan it; forbid that to see which indexes serve the search.
        await sql`set enable_seqscan = off`.execute(conn);
        const rows = await conn.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
        await sql`reset enable_seqscan`.execute(conn);
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('BitmapOr');
      expect(plan).not.toContain('Seq Scan');
    }
    for (const index of ['applications_passport_uq', 'applications_surname_idx', 'applications_given_name_idx'])
      expect(plan).toContain(index);
  });
});
