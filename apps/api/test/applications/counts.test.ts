import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import type { Application } from '@visa/shared/applications';
import { JOB_TITLES } from '@visa/shared/constants';
import { todayIn } from '@visa/shared/dates';
import { createDb, type Db } from '../../src/db/connection.js';
import { createApplication } from '@visa/test-support/applications';
import { type TestApp, createTestApp, engine } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';

/**
 * The counts the database keeps for the list totals and the dashboard (ADR 0028) against what
 * counting the table says, and keyset paging against page numbers.
 */

/** The kept counts, zeros left out, as 'kind:key' → n. */
async function keptCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db.selectFrom('application_counts').select(['kind', 'key', 'n']).where('n', '<>', 0).execute();
  return Object.fromEntries(rows.map((r) => [`${r.kind}:${r.key}`, Number(r.n)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}

/** The same figures counted from the table itself. */
async function countedCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db.selectFrom('applications').select(['status', 'job_title', 'created_at']).execute();
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const r of rows) {
    add(`status:${r.status}`);
    add(`job:${r.job_title}`);
    add(`hour:${r.created_at.slice(0, 13)}`);
    add(`day:${r.created_at.slice(0, 10)}`);
    add(`day:${r.status}:${r.created_at.slice(0, 10)}`);
  }
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

const hoursAgo = (h: number, minutes = 0) => new Date(Date.now() - h * 3_600_000 - minutes * 60_000).toISOString();

describe('kept application counts', () => {
  let t: TestApp;
  let second: Db;
  beforeAll(async () => {
    t = await createTestApp();
    // A second connection pool, as a second worker process would have.
    second = createDb(t.config.database);
  });
  afterAll(async () => {
    await second.destroy();
    await t.close();
  });

  it('stay equal to counting the table through concurrent inserts, status and job changes, deletes and rollbacks from two connections', async () => {
    const dbs = [t.db, second];
    const made = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        createApplication(dbs[i % 2]!, {
          job_title: JOB_TITLES[i % JOB_TITLES.length]!,
          status: (['pending', 'approved', 'rejected'] as const)[i % 3],
          created_at: hoursAgo(i * 37, i),
        }),
      ),
    );
    expect(await keptCounts(t.db)).toEqual(await countedCounts(t.db));

    const work = made.map(async (row, i) => {
      const db = dbs[(i + 1) % 2]!;
      switch (i % 6) {
        case 0:
          await db.deleteFrom('applications').where('id', '=', row.id).execute();
          break;
        case 1:
          await db.updateTable('applications').set({ status: 'approved' }).where('id', '=', row.id).execute();
          break;
        case 2:
          await db
            .updateTable('applications')
            .set({ job_title: JOB_TITLES[(i + 3) % JOB_TITLES.length]!, status: 'rejected' })
            .where('id', '=', row.id)
            .execute();
          break;
        case 3:
          await db.updateTable('applications').set({ status: 'rejected', job_title: row.job_title }).where('id', '=', row.id).execute();
          break;
        case 4:
          await db
            .updateTable('applications')
            .set({ created_at: hoursAgo(2, 30) })
            .where('id', '=', row.id)
            .execute();
          break;
        default:
          // Fields the counts do not follow.
          await db.updateTable('applications').set({ company: 'Other Ltd', status: row.status }).where('id', '=', row.id).execute();
          await createApplication(db, { status: 'approved', job_title: JOB_TITLES[0] });
      }
    });
    await Promise.all(work);
    // Changes that are rolled back leave the counts as they were. (One SQLite process cannot
    // interleave two connections' transactions, so there they take turns; PostgreSQL runs them at once.)
    const rollBack = async (db: Db, id: string, otherId: string) =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('applications').set({ status: 'approved' }).where('id', '=', id).execute();
          await trx.deleteFrom('applications').where('id', '=', otherId).execute();
          await createApplication(trx, { status: 'rejected' });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
    const survivors = await t.db.selectFrom('applications').select('id').orderBy('id').execute();
    const rollbacks = survivors.slice(0, 8).map((r, i) => () => rollBack(dbs[i % 2]!, r.id, survivors.at(-1 - i)!.id));
    if (engine === 'postgres') await Promise.all(rollbacks.map((f) => f()));
    else for (const f of rollbacks) await f();
    const kept = await keptCounts(t.db);
    expect(kept).toEqual(await countedCounts(t.db));
    expect(Object.keys(kept).some((k) => k.startsWith('hour:'))).toBe(true);
  });

  it('give the list totals and the dashboard figures', async () => {
    const staff = await t.createStaff('admin');
    const total = Number(
      (
        await t.db
          .selectFrom('applications')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const approved = Number(
      (
        await t.db
          .selectFrom('applications')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'approved')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const list = (await t.request({ method: 'GET', url: '/api/application/fetchApplication?limit=7', token: staff.token })).json();
    expect(list).toMatchObject({ totalApplication: total, totalPages: Math.ceil(total / 7), totalCapped: false });
    const filtered = (
      await t.request({ method: 'GET', url: '/api/application/fetchApplication?status=approved', token: staff.token })
    ).json();
    expect(filtered.totalApplication).toBe(approved);
    const stats = (await t.request({ method: 'GET', url: '/api/application/stats', token: staff.token })).json();
    expect(stats.total).toBe(total);
    expect(stats.byStatus.approved).toBe(approved);
    const jobs = await t.db.selectFrom('applications').select('job_title').execute();
    for (const { jobTitle, count } of stats.byJobTitle) expect(count, jobTitle).toBe(jobs.filter((j) => j.job_title === jobTitle).length);
  });
});

describe('dashboard months in a zone whose months start at half past the hour', () => {
  const t = appForFile({ APP_TIMEZONE: 'Asia/Kolkata' });

  it('counts each application in its own month, also within the hour the month starts in', async () => {
    // This month in India (UTC+5:30) starts at 18:30 UTC on the last day of the month before.
    const [y, m] = todayIn('Asia/Kolkata').split('-').map(Number) as [number, number];
    const start = Date.UTC(y, m - 1, 1) - 5.5 * 3_600_000;
    const at = (ms: number) => ({ created_at: new Date(start + ms).toISOString() });
    const minute = 60_000;
    // Same UTC hour (18:xx) on both sides of the month's start, and whole hours on either side.
    for (const offset of [-1, -20 * minute, -31 * minute, -3 * 3_600_000, 0, minute]) await createApplication(t.db, at(offset));
    const staff = await t.createStaff('admin');
    const stats = (await t.request({ method: 'GET', url: '/api/application/stats', token: staff.token })).json();
    const previous = `${m === 1 ? y - 1 : y}-${String(m === 1 ? 12 : m - 1).padStart(2, '0')}`;
    expect(stats.byMonth.at(-1)).toEqual({ month: `${y}-${String(m).padStart(2, '0')}`, count: 2 });
    expect(stats.byMonth.at(-2)).toEqual({ month: previous, count: 4 });
  });
});

describe('keyset pages and capped search counts', () => {
  const t = appForFile();
  let token: string;
  beforeAll(async () => {
    token = (await t.createStaff('admin')).token;
    // Rows sharing a creation time, so the id settles the order between them.
    const same = hoursAgo(5);
    for (let i = 0; i < 23; i++) {
      await createApplication(t.db, {
        surname: i % 2 ? 'Keyset' : 'Other',
        status: i % 3 ? 'pending' : 'approved',
        created_at: i % 4 ? hoursAgo(i) : same,
      });
    }
  });

  const list = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/application/fetchApplication?${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ids = (page: { applications: Application[] }) => page.applications.map((a) => a._id);

  for (const filter of ['', 'status=pending&', 'search=keyset&']) {
    it(`walks the same rows with cursors as with page numbers (${filter || 'no filter'})`, async () => {
      const byNumber: string[] = [];
      for (let page = 1; page <= 7; page++) byNumber.push(...ids(await list(`${filter}limit=4&page=${page}`)));
      const byCursor: string[] = [];
      let cursor: string | null = null;
      for (let page = 1; page <= 7; page++) {
        const answer = await list(`${filter}limit=4&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
        byCursor.push(...ids(answer));
        expect(answer.page).toBe(page);
        cursor = answer.nextCursor;
        if (!cursor) break;
      }
      expect(byCursor).toEqual(byNumber);
      expect(new Set(byCursor).size).toBe(byCursor.length);
    });
  }

  it('refuses a cursor it did not hand out with 400 and the message', async () => {
    for (const cursor of ['abc', 'not%20base64!', Buffer.from('2026-01-01T00:00:00.000Z|nothex').toString('base64url')]) {
      const res = await t.request({ method: 'GET', url: `/api/application/fetchApplication?cursor=${cursor}`, token });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message).toBe(APPLICATION_TEXTS.invalidCursor);
    }
  });

  it('counts a search up to 1000 matches, or up to the page asked for', async () => {
    const rows = Array.from({ length: 1003 }, () => createApplication(t.db, { surname: 'Capped' }));
    await Promise.all(rows);
    const capped = await list('search=capp&page=3');
    expect(capped).toMatchObject({ totalApplication: 1000, totalCapped: true, totalPages: 100 });
    // The rows of a search with that many matches are still the newest ones, in order.
    const newest = await t.db
      .selectFrom('applications')
      .select('id')
      .where('surname', '=', 'Capped')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(20)
      .limit(10)
      .execute();
    expect(ids(capped)).toEqual(newest.map((r) => r.id));
    const next = await list(`search=capp&page=4&cursor=${capped.nextCursor}`);
    expect(ids(next)).toEqual(ids(await list('search=capp&page=4')));
    expect(await list('search=capp&page=120')).toMatchObject({ totalApplication: 1003, totalCapped: false, totalPages: 101 });
    expect(await list('search=keyset')).toMatchObject({ totalApplication: 11, totalCapped: false });
    // Without a search the total is exact, however large.
    expect((await list('')).totalApplication).toBe(1026);
  });
});
