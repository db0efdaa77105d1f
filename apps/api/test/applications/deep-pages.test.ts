import { beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@visa/shared/applications';
import type { ApplicationStatus } from '@visa/shared/constants';
import type { Db } from '../../src/db/connection.js';
import { createApplication } from '@visa/test-support/applications';
import { databaseBefore } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';

/**
 * A deep page asked for by number is found from the kept day counts instead of skipping every row
 * before it (ADR 0030): it must be exactly the page OFFSET gives, for the whole list and for each
 * status, wherever the page starts and ends within a day, on the last page and past the end.
 */

const STATUSES = ['pending', 'approved', 'rejected'] as const;
const MINUTE = 60_000;
/** Rows 37 minutes apart: about 39 a day, so pages of 7 or 10 start and end inside days. */
const at = (i: number) => new Date(Date.UTC(2026, 10, 20, 23, 59, 59, 999) - i * 37 * MINUTE).toISOString();

/** What skipping rows gives: the page as the list has always answered it. */
async function offsetPage(db: Db, { page, limit, status }: { page: number; limit: number; status?: ApplicationStatus }) {
  let q = db.selectFrom('applications').select('id');
  if (status) q = q.where('status', '=', status);
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return rows.map((r) => r.id);
}

const ids = (page: { applications: Application[] }) => page.applications.map((a) => a._id);

describe('deep pages by page number', { timeout: 120_000 }, () => {
  const t = appForFile();
  let token: string;
  beforeAll(async () => {
    token = (await t.createStaff('admin')).token;
    const made: Promise<unknown>[] = [];
    // 1 300 approved, 1 040 pending and 260 rejected: deep pages for the first two.
    for (let i = 0; i < 2600; i++) {
      // Every fifth row shares its creation time with the one before, so the id settles their order
      // (within a day and, at i = 0, 1 …, across midnight too).
      const created = at(i % 5 === 4 ? i - 1 : i);
      const status = i % 10 < 5 ? 'approved' : i % 10 < 9 ? 'pending' : 'rejected';
      made.push(createApplication(t.db, { status, created_at: created, updated_at: created }));
    }
    await Promise.all(made);
  });

  const list = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/application/fetchApplication?${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Page numbers deep enough for the day counts: the middle, either side of a day's end, the last pages and past the end. */
  async function expectSameAsOffset(status?: ApplicationStatus) {
    const filter = status ? `status=${status}&` : '';
    for (const limit of [7, 10, 25]) {
      const { totalApplication: total, totalPages } = await list(`${filter}limit=${limit}`);
      const first = Math.floor(1000 / limit) + 1;
      const pages = new Set([first, first + 1, Math.ceil(totalPages / 2), totalPages - 2, totalPages - 1, totalPages, totalPages + 1]);
      for (const page of pages) {
        if (page < 1) continue;
        const answer = await list(`${filter}limit=${limit}&page=${page}`);
        const expected = await offsetPage(t.db, { page, limit, status });
        expect(ids(answer), `${filter}limit=${limit}&page=${page}`).toEqual(expected);
        expect(answer).toMatchObject({ page, totalApplication: total, totalPages, totalCapped: false });
        if (expected.length === limit) {
          // The next page by cursor follows on from it, as from any other page.
          const next = await list(`${filter}limit=${limit}&page=${page + 1}&cursor=${answer.nextCursor}`);
          expect(ids(next)).toEqual(await offsetPage(t.db, { page: page + 1, limit, status }));
        } else {
          expect(answer.nextCursor).toBeNull();
        }
      }
      expect((await list(`${filter}limit=${limit}&page=${totalPages + 5}`)).applications).toEqual([]);
    }
  }

  it('equal the pages OFFSET gives for the whole list', async () => {
    expect((await list('')).totalApplication).toBe(2600);
    await expectSameAsOffset();
  });

  for (const status of STATUSES) {
    it(`equal the pages OFFSET gives for ${status} applications`, async () => {
      await expectSameAsOffset(status);
    });
  }

  it('still do after deletes, status changes and a moved creation time', async () => {
    const some = await t.db.selectFrom('applications').select(['id', 'status']).orderBy('id').limit(90).execute();
    for (const [i, row] of some.entries()) {
      if (i % 3 === 0) await t.db.deleteFrom('applications').where('id', '=', row.id).execute();
      else if (i % 3 === 1) {
        const status = STATUSES[(STATUSES.indexOf(row.status) + 1) % 3];
        await t.db.updateTable('applications').set({ status }).where('id', '=', row.id).execute();
      } else
        await t.db
          .updateTable('applications')
          .set({ created_at: at(i * 11 + 3) })
          .where('id', '=', row.id)
          .execute();
    }
    await expectSameAsOffset();
    await expectSameAsOffset('approved');
  });

  it('of a search still skip rows, and give the same rows', async () => {
    // Every row here is a Rahman: the search matches them all.
    const answer = await list('search=rahman&limit=10&page=150');
    expect(answer).toMatchObject({ page: 150, totalApplication: 1500, totalCapped: true });
    expect(ids(answer)).toEqual(await offsetPage(t.db, { page: 150, limit: 10 }));
  });
});

const DAY_KINDS = ['day', 'day:pending', 'day:approved', 'day:rejected'] as const;

describe('the day counts migration', () => {
  it('counts the applications already there by day and by status and day', async () => {
    const { db, migrator, close } = await databaseBefore('20261123T180000-day-counts');
    try {
      for (let i = 0; i < 40; i++) await createApplication(db, { status: STATUSES[i % 3], created_at: at(i * 3) }, { omit: ['visa_type'] });
      expect((await migrator.migrateTo('20261123T180000-day-counts')).error).toBeUndefined();
      const rows = await db.selectFrom('applications').select(['status', 'created_at']).execute();
      const expected = new Map<string, number>();
      const add = (key: string) => expected.set(key, (expected.get(key) ?? 0) + 1);
      for (const r of rows) {
        add(`day ${r.created_at.slice(0, 10)}`);
        add(`day:${r.status} ${r.created_at.slice(0, 10)}`);
      }
      const kept = await db.selectFrom('application_counts').select(['kind', 'key', 'n']).where('kind', 'in', DAY_KINDS).execute();
      expect(new Map(kept.map((r) => [`${r.kind} ${r.key}`, Number(r.n)]))).toEqual(expected);

      // The triggers keep them from then on, and the migration goes back down cleanly.
      await createApplication(db, { status: 'approved', created_at: at(0) }, { omit: ['visa_type'] });
      const day = await db
        .selectFrom('application_counts')
        .select('n')
        .where('kind', '=', 'day:approved')
        .where('key', '=', at(0).slice(0, 10))
        .executeTakeFirstOrThrow();
      expect(Number(day.n)).toBe((expected.get(`day:approved ${at(0).slice(0, 10)}`) ?? 0) + 1);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect(await db.selectFrom('application_counts').select('kind').where('kind', 'in', DAY_KINDS).execute()).toEqual([]);
      await createApplication(db, { status: 'pending' }, { omit: ['visa_type'] });
    } finally {
      await close();
    }
  });
});
