import { PostgresAdapter, sql } from 'kysely';
import type { Application } from '@visa/shared/applications';
import type { ApplicationStatus } from '@visa/shared/constants';
import type { Db } from '../../../db/connection.js';
import { type IdParam, type QueryParam, compiledQueryShapes, idParams, idValues } from '../../../db/compiled-query.js';
import type { ApplicationRow } from '../../../db/schema-applications.js';
import type { UrlSigner } from '../../../infra/storage/signed-urls.js';
import { dayOfPosition, dueCount, statusCounts } from './counts-repository.js';
import { listDocumentRowsFor } from './documents-repository.js';
import { toApplication } from './rows.js';
import {
  type ApplicationFilter,
  type Bind,
  type Condition,
  type Narrowing,
  type SearchShape,
  type SearchTerms,
  filterOf,
  listValues,
  narrowingOf,
  searchRanges,
  searchShape,
  searchTerms,
} from './search-repository.js';

/**
 * Pages of the applications list, newest first, with their totals, and the rows of an export:
 * by OFFSET for the first pages and for searches, from the kept day counts for deep pages, and
 * after a keyset cursor whatever the depth (ADR 0028, ADR 0030).
 */

/**
 * Where a keyset page starts: just after this (created_at, id) in newest-first order. Handed out
 * as an opaque cursor (ADR 0028), so a deep page reads `limit` index entries wherever it is
 * instead of skipping every row before it.
 */
interface PageStart {
  createdAt: string;
  id: string;
}

const CURSOR_PATTERN = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)\|([0-9a-f]{24})$/;

const encodeCursor = (row: { created_at: string; id: string }) => Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');

/** The page start a cursor names, or undefined when it is not one this server handed out. */
export function decodeCursor(cursor: string): PageStart | undefined {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? { createdAt: match[1]!, id: match[2]! } : undefined;
}

/**
 * A search counts its matches only up to this many (or up to the page asked for, if further):
 * a common surname prefix can match a twentieth of a million rows, and counting them all on every
 * keystroke is what made the search slow (ADR 0028). Past it the total is a lower bound.
 */
export const SEARCH_COUNT_CAP = 1000;

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Whether a page of applications with letters due is found sooner by walking the newest-first index
 * (about `rows × every / due` rows read) than by reading every one due and sorting them (`due`
 * rows): only when a fair share of the office has letters due. Only asked on SQLite, and without
 * a search (whose total is capped), as for a search's walk.
 */
async function dueAreMany(db: Db, query: { page: number; limit: number } & ApplicationFilter, due: number): Promise<boolean> {
  if (isPostgres(db) || !query.dueBy || searchTerms(query.search)) return false;
  const byStatus = await statusCounts(db);
  const every = byStatus.pending + byStatus.approved + byStatus.rejected;
  return due * due > query.page * query.limit * every;
}

/**
 * Whether a page of applications that owe is found sooner by walking the newest-first index and
 * looking each row up in the balances (about `rows × every / owing` rows) than by reading every
 * owing one and sorting them (ADR 0086): when a fair share of the office owes, as is usual. Only
 * asked on SQLite, and for the balance filter with no search or letters due.
 */
async function owingAreMany(db: Db, query: { page: number; limit: number } & ApplicationFilter, owing: number): Promise<boolean> {
  if (isPostgres(db) || query.balance !== 'due' || query.dueBy || searchTerms(query.search)) return false;
  const byStatus = await statusCounts(db);
  const every = byStatus.pending + byStatus.approved + byStatus.rejected;
  return owing * owing > query.page * query.limit * every;
}

interface ApplicationPageRows {
  rows: ApplicationRow[];
  total: number;
  totalCapped: boolean;
}

/**
 * A search's matches counted up to a cap, compiled once per shape (db/compiled-query.ts). Each
 * range is read on its own index up to cap + 1 rows, then the distinct ids counted: past the cap
 * one range alone has cap + 1, below it every range is complete, so the count is exact.
 */
const countMatches = compiledQueryShapes((db, shape: SearchShape & { status: boolean } & Narrowing, bind: Bind) => {
  const narrowed = filterOf(null, shape.status, false, bind, shape);
  const branch = (range: Condition) =>
    db
      .selectFrom((eb) => {
        let q = eb.selectFrom('applications').select('id').where(range);
        if (narrowed) q = q.where(narrowed);
        return q.limit(bind<number>('cap')).as('r');
      })
      .select('id');
  const [first, ...others] = searchRanges(shape, false, bind);
  let matches = branch(first!);
  for (const range of others) matches = matches.union(branch(range));
  return db.selectFrom(matches.as('matches')).select((eb) => eb.fn.countAll<number>().as('n'));
});

/**
 * Applications with files waiting, at a stage or with a letter due (and of a status): counted
 * exactly, from the ids the items' state index or the open letters' deadline index names, or along
 * the stage's index, compiled once per shape.
 */
const countNarrowed = compiledQueryShapes((db, shape: { status: boolean } & Narrowing, bind: Bind) =>
  db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(filterOf(null, shape.status, false, bind, shape)!),
);

const isNarrowed = (n: Narrowing) => n.waiting || n.stage || n.due || n.owes;

/**
 * The applications that owe, with no other filter, counted on the kept balances' partial index
 * alone (ADR 0086): an application's balance goes when it is deleted, so no application row need be read.
 */
const countOwing = compiledQueryShapes((db, _shape: { owes: true }) =>
  db
    .selectFrom('application_balances')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('due_minor', '>', sql.lit(0)),
);

/**
 * The total of the list: from the kept counts without a search (of the applications by their
 * earliest open deadline, for letters due alone), counted among the applications the other filters
 * name when one is asked for, else the matches counted up to `cap`.
 */
export async function listTotal(
  db: Db,
  query: ApplicationFilter,
  cap: number,
  terms: SearchTerms | null = searchTerms(query.search),
): Promise<{ total: number; totalCapped: boolean }> {
  const narrowing = narrowingOf(query);
  const { status, stage, dueBy } = query;
  if (!terms && dueBy !== undefined && !narrowing.waiting && !narrowing.stage && !narrowing.owes && !status) {
    return { total: await dueCount(db, dueBy), totalCapped: false };
  }
  if (!terms && narrowing.owes && !narrowing.waiting && !narrowing.stage && !narrowing.due && !status) {
    const [row] = await countOwing(db, { owes: true }, {});
    return { total: Number(row!.n), totalCapped: false };
  }
  if (!terms && isNarrowed(narrowing)) {
    const [row] = await countNarrowed(db, { status: Boolean(status), ...narrowing }, { status, stage, dueBy });
    return { total: Number(row!.n), totalCapped: false };
  }
  if (!terms) {
    const byStatus = await statusCounts(db);
    const total = query.status ? byStatus[query.status] : byStatus.pending + byStatus.approved + byStatus.rejected;
    return { total, totalCapped: false };
  }
  const [row] = await countMatches(
    db,
    { ...searchShape(terms), status: Boolean(status), ...narrowing },
    listValues(terms, { status, stage, dueBy, cap: cap + 1 }),
  );
  const counted = Number(row!.n);
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false };
}

/**
 * Up to this many rows a page asked for by number is read by skipping them (`OFFSET`): as cheap as
 * anything for the first pages people click through. Deeper, a page of the list without a search
 * is found from the kept day counts instead (ADR 0030).
 */
const OFFSET_ROWS = 1000;

/** Start of a UTC day ('YYYY-MM-DD') and of the day after it, as created_at values compare. */
const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const nextDayStart = (day: string) => new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString();

/**
 * Rows [skip, skip + limit) of the list without a search, newest first, as OFFSET would answer
 * them, skipping only rows of one day (ADR 0030). The day is looked for from whichever end of the
 * list is nearer, so the last pages cost what the first do; from the oldest end the page is read
 * oldest first and turned round. Undefined when the kept counts and the rows disagree (a write in
 * between); the caller then skips rows as before.
 */
async function deepPageRows(
  db: Db,
  { skip, limit, total, status }: { skip: number; limit: number; total: number; status?: ApplicationStatus },
): Promise<ApplicationRow[] | undefined> {
  const end = Math.min(total, skip + limit);
  if (skip >= end) return [];
  // In oldest-first order the page is rows [total − end, total − skip).
  const fromOldest = total - end < skip;
  const first = fromOldest ? total - end : skip;
  const found = await dayOfPosition(db, status, first, fromOldest ? 'asc' : 'desc');
  if (!found) return undefined;
  let q = db.selectFrom('applications').selectAll();
  if (status) q = q.where('status', '=', status);
  q = fromOldest
    ? q.where('created_at', '>=', dayStart(found.day)).orderBy('created_at', 'asc').orderBy('id', 'asc')
    : q.where('created_at', '<', nextDayStart(found.day)).orderBy('created_at', 'desc').orderBy('id', 'desc');
  const rows = await q
    .limit(end - skip)
    .offset(first - found.before)
    .execute();
  return fromOldest ? rows.reverse() : rows;
}

/** A page of the list or of a search, compiled once per shape (db/compiled-query.ts). */
const pageRows = compiledQueryShapes(
  (db, shape: { search: boolean; status: boolean; walk: boolean; after: boolean } & SearchShape & Narrowing, bind: Bind) => {
    let q = db.selectFrom('applications').selectAll();
    const filter = filterOf(shape.search ? shape : null, shape.status, shape.walk, bind, shape);
    if (filter) q = q.where(filter);
    if (shape.after) {
      q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(bind('afterCreatedAt'), bind('afterId'))));
    }
    q = q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(bind<number>('limit'));
    return shape.after ? q : q.offset(bind<number>('offset'));
  },
);

/**
 * Newest first. With `after` the page is the `limit` rows after that keyset position (an index
 * range, whatever the depth); without it, page numbers skip rows: by OFFSET for the first pages
 * and for searches, from the kept day counts for deep pages of the whole list or of a status.
 */
async function listApplicationRows(
  db: Db,
  query: { page: number; limit: number; after?: PageStart } & ApplicationFilter,
): Promise<ApplicationPageRows> {
  // The term is read once: it is normalised and matched against the country names (search-repository.ts).
  const terms = searchTerms(query.search);
  const counted = await listTotal(db, query, Math.max(SEARCH_COUNT_CAP, query.page * query.limit), terms);
  const skip = (query.page - 1) * query.limit;
  const { after } = query;
  const narrowing = narrowingOf(query);
  // The kept day counts know nothing of files, stages or letters; those pages are read by OFFSET.
  if (!after && skip > OFFSET_ROWS && !terms && !isNarrowed(narrowing)) {
    const rows = await deepPageRows(db, { skip, limit: query.limit, total: counted.total, status: query.status });
    if (rows) return { rows, ...counted };
  }
  const walk =
    (counted.totalCapped && !isPostgres(db) && !narrowing.waiting && !narrowing.due && !narrowing.owes) ||
    (await dueAreMany(db, query, counted.total)) ||
    (await owingAreMany(db, query, counted.total));
  const { status, stage, dueBy } = query;
  const shape = {
    search: Boolean(terms),
    ...(terms ? searchShape(terms) : { passport: false, country: false }),
    status: Boolean(status),
    ...narrowing,
    walk,
    after: Boolean(after),
  };
  const rows = await pageRows(
    db,
    shape,
    listValues(terms, { status, stage, dueBy, limit: query.limit, offset: skip, afterCreatedAt: after?.createdAt, afterId: after?.id }),
  );
  return { rows, ...counted };
}

/**
 * What each of a page's applications owes (ADR 0086): one key lookup each in the kept balances,
 * compiled once per number of ids (a page has at most 100 rows) since every list page runs it.
 */
const balancesOfPage = compiledQueryShapes((db, { count }: { count: number }, param: QueryParam<IdParam>) =>
  db.selectFrom('application_balances').select(['application_id', 'due_minor']).where('application_id', 'in', idParams(count, param)),
);

/** What each of a page's applications owes, by its id. */
async function balancesOf(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await balancesOfPage(db, { count: ids.length }, idValues(ids));
  return new Map(rows.map((r) => [r.application_id, Number(r.due_minor)]));
}

export async function listApplications(
  db: Db,
  urls: UrlSigner,
  query: { page: number; limit: number; after?: PageStart } & ApplicationFilter,
): Promise<{ applications: Application[]; total: number; totalCapped: boolean; nextCursor: string | null }> {
  const { rows, total, totalCapped } = await listApplicationRows(db, query);
  const documents = await listDocumentRowsFor(
    db,
    rows.map((r) => r.id),
  );
  const balances = await balancesOf(
    db,
    rows.map((r) => r.id),
  );
  const last = rows.length === query.limit ? rows[rows.length - 1] : undefined;
  return {
    // Added to the object toApplication made rather than spread into a new one: a spread copy of an
    // object with this many properties took a map of its own per row, so the answer's serializer
    // met a new shape at every row and fell back to generic property lookups.
    applications: rows.map((r) =>
      Object.assign(toApplication(r, documents.get(r.id) ?? [], urls), { balanceMinor: balances.get(r.id) ?? 0 }),
    ),
    total,
    totalCapped,
    nextCursor: last ? encodeCursor(last) : null,
  };
}
