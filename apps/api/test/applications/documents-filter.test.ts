import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { createApplication } from '@visa/test-support/applications';
import { filesWaiting } from '@visa/test-support/document-request-links';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { engine } from '@visa/test-support/test-app';
import { listFilter } from '../../src/modules/domain/applications/search-repository.js';

// The staff list narrowed to applications with files waiting for review (ADR 0069).

const t = appForFile();
const staff = staffForFile(t, 'admin');
/** Ids of the applications with files waiting, newest first. */
const waiting: string[] = [];
let files = 0;

beforeAll(async () => {
  // 20 applications a minute apart; every other one has files waiting, every fourth is approved,
  // one is called Waitley. One more had its only file accepted: nothing waits there.
  const start = Date.parse('2026-11-01T08:00:00.000Z');
  for (let i = 0; i < 20; i++) {
    const row = await createApplication(t.db, {
      created_at: new Date(start + i * 60_000).toISOString(),
      status: i % 4 === 0 ? 'approved' : 'pending',
      surname: i === 6 ? 'Waitley' : `Other${i}`,
    });
    if (i % 2 === 0) {
      await filesWaiting(t.db, row.id, 1 + (i % 3));
      files += 1 + (i % 3);
      waiting.unshift(row.id);
    }
  }
  const reviewed = await createApplication(t.db, { created_at: new Date(start + 30 * 60_000).toISOString() });
  await filesWaiting(t.db, reviewed.id, 1);
  await t.db
    .updateTable('document_request_items')
    .set({ state: 'accepted' })
    .where('label_en', '=', 'Item 1')
    .where('received_at', 'is not', null)
    .where('request_id', 'in', t.db.selectFrom('document_requests').select('id').where('application_id', '=', reviewed.id))
    .execute();
});

const list = (query: string, signedIn = true) =>
  t.request({ method: 'GET', url: `/api/application/fetchApplication?${query}`, token: signedIn ? staff.token : undefined });
const ids = (body: { applications: { _id: string }[] }) => body.applications.map((a) => a._id);

describe('the documents filter of the staff list', () => {
  it('lists only applications with files waiting, newest first, by page number and by cursor; the badge counts them', async () => {
    const first = (await list('documents=waiting&limit=4')).json();
    expect(first).toMatchObject({ totalApplication: 10, totalPages: 3, page: 1, totalCapped: false });
    expect(ids(first)).toEqual(waiting.slice(0, 4));
    const second = (await list(`documents=waiting&limit=4&page=2&cursor=${first.nextCursor}`)).json();
    expect(ids(second)).toEqual(waiting.slice(4, 8));
    const third = (await list('documents=waiting&limit=4&page=3')).json();
    expect(ids(third)).toEqual(waiting.slice(8));
    expect(third.nextCursor).toBeNull();

    const counts = await t.request({ method: 'GET', url: '/api/application/documentsToReview', token: staff.token });
    expect(counts.json()).toEqual({ count: files, applications: 10 });
  });

  it('combines with the status filter and the search, and an empty value filters nothing', async () => {
    const approved = (await list('documents=waiting&status=approved')).json();
    expect(approved.totalApplication).toBe(5);
    expect(ids(approved)).toEqual(waiting.filter((_, i) => i % 2 === 1));
    const searched = (await list('documents=waiting&search=waitl')).json();
    expect(searched).toMatchObject({ totalApplication: 1, applications: [{ surname: 'Waitley' }] });
    expect((await list('documents=waiting&status=approved&search=waitl')).json().totalApplication).toBe(0);
    expect((await list('documents=')).json().totalApplication).toBe(21);
  });

  it('refuses any other value with 400 and its message, and is for signed-in staff only', async () => {
    for (const query of ['documents=all', 'documents=WAITING', 'documents=waiting&documents=waiting']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(APPLICATION_TEXTS.invalidDocuments);
    }
    expect((await list('documents=waiting', false)).statusCode).toBe(401);
  });

  it('finds the waiting ids on the items’ state index and each application by its key, never by reading every application', async () => {
    const query = t.db
      .selectFrom('applications')
      .selectAll()
      .where(listFilter({ search: '', documents: 'waiting' })!)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .compile();
    let plan: string;
    if (engine === 'sqlite') {
      const rows = await t.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      plan = rows.rows.map((r) => r.detail).join('\n');
      expect(plan).toMatch(/SEARCH waiting_item USING (COVERING )?INDEX document_request_items_state/);
      expect(plan).not.toMatch(/SCAN applications/);
    } else {
      plan = await t.db.connection().execute(async (conn) => {
        // The test's tables are tiny, so the planner would rightly scan them; forbid that to see the indexes it has.
        await sql`set enable_seqscan = off`.execute(conn);
        const rows = await conn.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
        await sql`reset enable_seqscan`.execute(conn);
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('document_request_items_state');
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
