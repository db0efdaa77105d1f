import { type Expression, type ExpressionBuilder, PostgresAdapter, type SqlBool, sql } from 'kysely';
import { type Application, type ApplicationDocument, type ApplicationStats, normalizePassport } from '@visa/shared/applications';
import { type ApplicationStatus, DOCUMENT_LABELS, type DocumentLabel, JOB_TITLES } from '@visa/shared/constants';
import { matchCountry } from '@visa/shared/country-matching';
import type { Db } from '../../db/connection.js';
import { nowIso } from '../../db/connection.js';
import { type QueryParam, compiledQuery, compiledQueryShapes } from '../../db/compiled-query.js';
import type { ApplicationRow, ApplicationUpdateRow, Database, DocumentRow, NewApplicationRow } from '../../db/schema.js';
import type { UrlSigner } from '../../plugins/storage/signed-urls.js';
import { type ApplicationField, type ApplicationFields, columnsOf, fieldsOf, searchKey, storedFields, toColumns } from './mapping.js';

/**
 * Every statement on the applications and application_documents tables. Rows become API shapes
 * through the one field mapping (mapping.ts). Answers show files as signed URLs; the only storage
 * keys they carry are the documents' `publicId`, the earlier app's field.
 */

// ---------------------------------------------------------------------------------------------
// Rows to API shapes
// ---------------------------------------------------------------------------------------------

export const isDocumentLabel = (label: string): label is DocumentLabel => (DOCUMENT_LABELS as readonly string[]).includes(label);

/** A label stored before the list changed shows as 'Other' rather than failing the answer. */
const toLabel = (label: string): DocumentLabel => (isDocumentLabel(label) ? label : 'Other');

function toDocument(row: DocumentRow, urls: UrlSigner): ApplicationDocument {
  return {
    _id: row.id,
    label: toLabel(row.label),
    url: urls.sign(row.storage_key),
    publicId: row.storage_key,
    contentType: row.content_type,
    size: Number(row.size),
    createdAt: row.created_at,
  };
}

/**
 * The API shape of an application (docs/product.md#application-fields). Photos and documents are
 * personal data, so every file is given as a short-lived signed URL; `file1PublicId` carries the
 * documents' storage keys. Built by adding to the fixed-shape `storedFields` object rather than by
 * spreading it into a new one: the spread of a 22-key object made every list row a dictionary,
 * and building and serialising those cost more than reading the rows.
 */
export function toApplication(row: ApplicationRow, documents: DocumentRow[], urls: UrlSigner): Application {
  const docs = documents.map((d) => toDocument(d, urls));
  return Object.assign(storedFields(row), {
    image: row.image_key ? urls.sign(row.image_key) : null,
    thumbnail: row.thumb_key ? urls.sign(row.thumb_key) : null,
    file1: docs.map((d) => d.url),
    file1PublicId: docs.map((d) => d.publicId),
    documents: docs,
    isAdmin: Number(row.is_admin) === 1,
  });
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export async function findApplicationRow(db: Db, id: string): Promise<ApplicationRow | undefined> {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One application's documents in upload order. */
async function listDocumentRows(db: Db, applicationId: string): Promise<DocumentRow[]> {
  return db
    .selectFrom('application_documents')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * The documents of a page's applications in upload order, compiled once per number of ids (a page
 * has at most 100 rows) since every list page runs it.
 */
const documentsOf = compiledQueryShapes<`id${number}`, DocumentRow>();

/** Documents of several applications with one query, grouped by application id. */
async function listDocumentRowsFor(db: Db, applicationIds: string[]): Promise<Map<string, DocumentRow[]>> {
  const byApplication = new Map<string, DocumentRow[]>();
  const count = applicationIds.length;
  if (count === 0) return byApplication;
  const ids: Record<`id${number}`, string> = {};
  applicationIds.forEach((id, i) => (ids[`id${i}`] = id));
  const rows = await documentsOf(
    db,
    String(count),
    (param) =>
      db
        .selectFrom('application_documents')
        .selectAll()
        .where(
          'application_id',
          'in',
          Array.from({ length: count }, (_, i) => param(`id${i}`)),
        )
        .orderBy('application_id')
        .orderBy('position')
        .orderBy('id'),
    ids,
  );
  for (const row of rows) {
    const list = byApplication.get(row.application_id) ?? [];
    list.push(row);
    byApplication.set(row.application_id, list);
  }
  return byApplication;
}

export async function getApplication(db: Db, urls: UrlSigner, id: string): Promise<Application | undefined> {
  return (await getApplicationWithPhotoKey(db, urls, id))?.application;
}

/** The application and the storage key of its photo, for work that reads the photo itself (the PDF copy). */
export async function getApplicationWithPhotoKey(
  db: Db,
  urls: UrlSigner,
  id: string,
): Promise<{ application: Application; photoKey: string | null } | undefined> {
  const row = await findApplicationRow(db, id);
  if (!row) return undefined;
  return { application: toApplication(row, await listDocumentRows(db, id), urls), photoKey: row.image_key };
}

export async function applicationExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('applications').select('id').where('id', '=', id).executeTakeFirst());
}

/** Only the named fields of one application, under their API names. */
export async function findApplicationFields<F extends ApplicationField>(
  db: Db,
  id: string,
  fields: readonly F[],
): Promise<Pick<ApplicationFields, F> | undefined> {
  const row = await db.selectFrom('applications').select(columnsOf(fields)).where('id', '=', id).executeTakeFirst();
  return row && fieldsOf(row, fields);
}

const byPassport = compiledQueryShapes<'passport', Pick<ApplicationRow, 'id' | 'image_key'>>();

/**
 * The one application that holds this (already normalised) passport, if any: a single lookup on
 * the unique index whether or not the passport exists. Only the named fields, the id and the
 * photo's key are read.
 */
export async function findByPassport<F extends ApplicationField>(
  db: Db,
  passport: string,
  fields: readonly F[],
): Promise<{ id: string; fields: Pick<ApplicationFields, F>; photoKey: string | null } | undefined> {
  // Compiled once per list of fields: the public status check runs this on every lookup.
  const [row] = await byPassport(
    db,
    fields.join(),
    (param) =>
      db
        .selectFrom('applications')
        .select(['id', 'image_key', ...columnsOf(fields)])
        .where('passport', '=', param('passport')),
    { passport },
  );
  if (!row) return undefined;
  return { id: row.id, fields: fieldsOf(row as ApplicationRow, fields), photoKey: row.image_key };
}

/** Upper bound of a prefix range: every string that starts with `prefix` sorts below it. */
const prefixEnd = (prefix: string) => `${prefix}\uffff`;

/**
 * Case-insensitive prefix match on passport, surname or given name as index range scans
 * (ADR 0001): never LIKE or a regex built from the input, so '.*' or '%' are just characters.
 * Both sides are normalised the same way: the passport as the shared schema stores it, the names
 * as their search keys, a country as its code.
 */
type Condition = (eb: ExpressionBuilder<Database, 'applications'>) => Expression<SqlBool>;

/** What a search term is looked for as: a passport prefix (when it can be one), a name prefix, a country. */
interface SearchTerms {
  passport: string;
  name: string;
  country: string | null;
}

function searchTerms(search: string): SearchTerms | null {
  const term = search.trim();
  if (!term) return null;
  return { passport: normalizePassport(term), name: searchKey(term), country: matchCountry(term) };
}

/** The values a list query may carry, by name (db/compiled-query.ts). */
type ListParam =
  'passport' | 'passportEnd' | 'name' | 'nameEnd' | 'country' | 'status' | 'cap' | 'afterCreatedAt' | 'afterId' | 'limit' | 'offset';

/** How a condition takes a value: as it is, or as the named stand-in of a query compiled once. */
type Bind = <T>(name: ListParam, value: T) => T;
const asIs: Bind = (_name, value) => value;
const asParam =
  (param: QueryParam<ListParam>): Bind =>
  (name) =>
    param(name);

/** The values of a list query compiled once, named as `Bind` names them. */
const listValues = (terms: SearchTerms | null, more: Partial<Record<ListParam, unknown>>): Partial<Record<ListParam, unknown>> => ({
  ...(terms && {
    passport: terms.passport,
    passportEnd: prefixEnd(terms.passport),
    name: terms.name,
    nameEnd: prefixEnd(terms.name),
    country: terms.country,
  }),
  ...more,
});

/** Which ranges a search reads, as part of the name of a compiled list query's shape. */
const searchShape = (terms: SearchTerms | null) =>
  terms ? `search${terms.passport ? '+passport' : ''}${terms.country ? '+country' : ''}` : 'all';

/** The search as its separate index ranges (any one of them matches). */
function searchRanges(terms: SearchTerms, walk = false, bind = asIs): Condition[] {
  // `walk` (SQLite only): a unary plus keeps SQLite from using these columns' indexes, so it reads
  // the newest-first index and stops at the page's last match instead of sorting every match (ADR 0028).
  const col = (column: 'surname_key' | 'given_name_key' | 'passport') =>
    walk ? sql<string>`+${sql.ref(column)}` : sql.ref<string>(column);
  const prefix = (column: 'surname_key' | 'given_name_key' | 'passport', from: ListParam, to: ListParam, value: string): Condition => {
    return (eb) => eb.and([eb(col(column), '>=', bind(from, value)), eb(col(column), '<', bind(to, prefixEnd(value)))]);
  };
  const ranges: Condition[] = [
    prefix('surname_key', 'name', 'nameEnd', terms.name),
    prefix('given_name_key', 'name', 'nameEnd', terms.name),
  ];
  if (terms.passport) ranges.unshift(prefix('passport', 'passport', 'passportEnd', terms.passport));
  // A term that names a country ('Bangladeshi', 'BD', 'BGD') also finds that nationality (ADR 0024).
  const { country } = terms;
  if (country) ranges.push((eb) => eb('current_nationality_key', '=', bind('country', country)));
  return ranges;
}

export function searchFilter(search: string, walk = false, bind = asIs): Condition | null {
  const terms = searchTerms(search);
  if (!terms) return null;
  const ranges = searchRanges(terms, walk, bind);
  return (eb) => eb.or(ranges.map((range) => range(eb)));
}

/** Which applications a list or an export covers: a search prefix, and one status or all of them. */
interface ApplicationFilter {
  search: string;
  status?: ApplicationStatus;
}

/** The search and the status together; null when neither narrows the list. */
function listFilter({ search, status }: ApplicationFilter, walk = false, bind = asIs) {
  const byText = searchFilter(search, walk, bind);
  if (!status) return byText;
  return (eb: ExpressionBuilder<Database, 'applications'>): Expression<SqlBool> => {
    const byStatus = eb('status', '=', bind('status', status));
    return byText ? eb.and([byStatus, byText(eb)]) : byStatus;
  };
}

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
const SEARCH_COUNT_CAP = 1000;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Whether a search matches so many rows that walking the newest-first index finds them after a
 * few rows, where collecting and sorting every match would cost more as the table grows. Only
 * asked on SQLite: PostgreSQL's planner makes that choice itself from its statistics.
 */
async function walksNewestFirst(db: Db, query: ApplicationFilter): Promise<boolean> {
  if (isPostgres(db) || !searchTerms(query.search)) return false;
  return (await listTotal(db, query, SEARCH_COUNT_CAP)).totalCapped;
}

interface ApplicationPageRows {
  rows: ApplicationRow[];
  total: number;
  totalCapped: boolean;
}

/** The kept counts of one kind (migration 20261123T170000): one row per status, job title or UTC hour. */
const countsOfStatus = compiledQuery((db) => db.selectFrom('application_counts').select(['key', 'n']).where('kind', '=', 'status'));

/** Applications per status from the kept counts; every list page without a search reads them. */
async function statusCounts(db: Db): Promise<Record<ApplicationStatus, number>> {
  const rows = await countsOfStatus(db, {});
  const byStatus: Record<ApplicationStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const r of rows) if (r.key in byStatus) byStatus[r.key as ApplicationStatus] = Number(r.n);
  return byStatus;
}

/** A search's matches counted up to a cap, and a page of the list: compiled once per shape (db/compiled-query.ts). */
const countMatches = compiledQueryShapes<ListParam, { n: number | string }>();
const pageRows = compiledQueryShapes<ListParam, ApplicationRow>();

/** The total of the list: from the kept counts without a search, else the matches counted up to `cap`. */
async function listTotal(db: Db, query: ApplicationFilter, cap: number): Promise<{ total: number; totalCapped: boolean }> {
  const terms = searchTerms(query.search);
  if (!terms) {
    const byStatus = await statusCounts(db);
    const total = query.status ? byStatus[query.status] : byStatus.pending + byStatus.approved + byStatus.rejected;
    return { total, totalCapped: false };
  }
  // Each range read on its own index up to cap + 1 rows, then the distinct ids counted: past the
  // cap one range alone has cap + 1, below it every range is complete, so the count is exact.
  const { status } = query;
  const shape = `count ${searchShape(terms)} ${status ? 'status' : 'any status'}`;
  const [row] = await countMatches(
    db,
    shape,
    (param) => {
      const bind = asParam(param);
      const branch = (range: Condition) =>
        db
          .selectFrom((eb) => {
            let q = eb.selectFrom('applications').select('id').where(range);
            if (status) q = q.where('status', '=', bind('status', status));
            return q.limit(bind('cap', cap + 1)).as('r');
          })
          .select('id');
      const [first, ...others] = searchRanges(terms, false, bind);
      let matches = branch(first!);
      for (const range of others) matches = matches.union(branch(range));
      return db.selectFrom(matches.as('matches')).select((eb) => eb.fn.countAll<number>().as('n'));
    },
    listValues(terms, { status, cap: cap + 1 }),
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
 * The UTC day in which the row at `position` falls, counting from the newest (`desc`) or the
 * oldest (`asc`) application of the list, and how many rows come before that day in that order.
 * A running sum of the kept day counts: first by month (the database sums a few hundred day rows
 * into a row per month), then over the days of the one month it falls in. Undefined when the
 * counts end first (rows deleted since the total was read).
 */
async function dayOfPosition(
  db: Db,
  status: ApplicationStatus | undefined,
  position: number,
  order: 'asc' | 'desc',
): Promise<{ day: string; before: number } | undefined> {
  const kind = status ? (`day:${status}` as const) : 'day';
  const monthOf = sql<string>`substr(${sql.ref('key')}, 1, 7)`;
  const months = await db
    .selectFrom('application_counts')
    .select((eb) => [monthOf.as('month'), eb.fn.sum<number | string>('n').as('n')])
    .where('kind', '=', kind)
    .groupBy(monthOf)
    .orderBy('month', order)
    .execute();
  let before = 0;
  for (const { month, n } of months) {
    if (before + Number(n) <= position) {
      before += Number(n);
      continue;
    }
    const days = await db
      .selectFrom('application_counts')
      .select(['key', 'n'])
      .where('kind', '=', kind)
      .where('key', '>=', `${month}-01`)
      .where('key', '<=', `${month}-31`)
      .orderBy('key', order)
      .execute();
    for (const { key, n: count } of days) {
      if (before + Number(count) > position) return { day: key, before };
      before += Number(count);
    }
    return undefined;
  }
  return undefined;
}

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

/**
 * Newest first. With `after` the page is the `limit` rows after that keyset position (an index
 * range, whatever the depth); without it, page numbers skip rows: by OFFSET for the first pages
 * and for searches, from the kept day counts for deep pages of the whole list or of a status.
 */
async function listApplicationRows(
  db: Db,
  query: { page: number; limit: number; after?: PageStart } & ApplicationFilter,
): Promise<ApplicationPageRows> {
  const counted = await listTotal(db, query, Math.max(SEARCH_COUNT_CAP, query.page * query.limit));
  const skip = (query.page - 1) * query.limit;
  const { after } = query;
  if (!after && skip > OFFSET_ROWS && !searchTerms(query.search)) {
    const rows = await deepPageRows(db, { skip, limit: query.limit, total: counted.total, status: query.status });
    if (rows) return { rows, ...counted };
  }
  const walk = counted.totalCapped && !isPostgres(db);
  const { status } = query;
  const terms = searchTerms(query.search);
  const shape = `rows ${searchShape(terms)} ${status ? 'status' : 'any status'} ${walk ? 'walk' : 'ranges'} ${after ? 'after' : 'offset'}`;
  const rows = await pageRows(
    db,
    shape,
    (param) => {
      const bind = asParam(param);
      let q = db.selectFrom('applications').selectAll();
      const filter = listFilter(query, walk, bind);
      if (filter) q = q.where(filter);
      if (after) {
        q = q.where((eb) =>
          eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(bind('afterCreatedAt', after.createdAt), bind('afterId', after.id))),
        );
      }
      q = q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(bind('limit', query.limit));
      return after ? q : q.offset(bind('offset', skip));
    },
    listValues(terms, { status, limit: query.limit, offset: skip, afterCreatedAt: after?.createdAt, afterId: after?.id }),
  );
  return { rows, ...counted };
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
  const last = rows.length === query.limit ? rows[rows.length - 1] : undefined;
  return {
    applications: rows.map((r) => toApplication(r, documents.get(r.id) ?? [], urls)),
    total,
    totalCapped,
    nextCursor: last ? encodeCursor(last) : null,
  };
}

/**
 * Rows of a search (and status) in batches, newest first, for the CSV export, without holding them
 * all in memory. Batches of 200: with larger ones a batch's rows lived long enough to be promoted
 * to the old heap, and a large export grew the process several times as much (bench/HISTORY.md).
 */
export async function* iterateApplicationRows(db: Db, query: ApplicationFilter, batchSize = 200): AsyncGenerator<ApplicationRow[]> {
  const filter = listFilter(query, await walksNewestFirst(db, query));
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    let q = db.selectFrom('applications').selectAll();
    if (filter) q = q.where(filter);
    if (after) {
      const { created_at, id } = after;
      // A row-value comparison is one index range on both engines; spelled as an OR it made
      // SQLite walk the index from the top again for every batch.
      q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(created_at, id)));
    }
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

// ---------------------------------------------------------------------------------------------
// Dashboard figures
// ---------------------------------------------------------------------------------------------

/** An ISO instant's UTC hour, as the hour counts are keyed ('YYYY-MM-DDTHH'). */
const hourKey = (iso: string) => iso.slice(0, 13);
/** The start of the UTC hour after the one `iso` falls in. */
const nextHour = (iso: string) => new Date(Date.parse(`${hourKey(iso)}:00:00.000Z`) + 3_600_000).toISOString();
const onTheHour = (iso: string) => iso.slice(13) === ':00:00.000Z';

/** Counts of applications created in [from, to), by a range count on the created_at index. */
async function countCreatedBetween(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Applications created in [from, to): the sum of the kept counts of the whole UTC hours inside (a
 * range of the counts' primary key, summed by the database), plus a range count of the part-hours
 * at either end, for zones whose months start at :30 or :45.
 */
async function countMonth(db: Db, from: string, to: string): Promise<number> {
  const first = onTheHour(from) ? from : nextHour(from);
  const last = `${hourKey(to)}:00:00.000Z`;
  if (first > last) return countCreatedBetween(db, from, to);
  const row = await db
    .selectFrom('application_counts')
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
    .where('kind', '=', 'hour')
    .where('key', '>=', hourKey(first))
    .where('key', '<', hourKey(last))
    .executeTakeFirstOrThrow();
  let count = Number(row.n ?? 0);
  if (first !== from) count += await countCreatedBetween(db, from, first);
  if (last !== to) count += await countCreatedBetween(db, last, to);
  return count;
}

/**
 * Counts for the dashboard, from the counts the database keeps (ADR 0028): a few rows per status
 * and job title and a sum over at most a month of hours per month, however many applications
 * there are. Months are given as UTC ranges so both engines count them the same way.
 */
export async function applicationStats(db: Db, months: { month: string; from: string; to: string }[]): Promise<ApplicationStats> {
  const [byStatus, jobRows, monthCounts] = await Promise.all([
    statusCounts(db),
    db.selectFrom('application_counts').select(['key', 'n']).where('kind', '=', 'job').execute(),
    Promise.all(months.map((m) => countMonth(db, m.from, m.to))),
  ]);
  const jobCounts = new Map(jobRows.map((r) => [r.key, Number(r.n)]));
  return {
    total: byStatus.pending + byStatus.approved + byStatus.rejected,
    byStatus,
    byMonth: months.map((m, i) => ({ month: m.month, count: monthCounts[i]! })),
    byJobTitle: JOB_TITLES.map((jobTitle) => ({ jobTitle, count: jobCounts.get(jobTitle) ?? 0 })),
  };
}

/** Which of an email and a passport another application already holds (a friendly early answer; the unique indexes decide races). */
export async function findDuplicates(db: Db, email: string, passport: string, exceptId?: string) {
  let q = db
    .selectFrom('applications')
    .select(['email', 'passport'])
    .where((eb) => eb.or([eb('email', '=', email), eb('passport', '=', passport)]));
  if (exceptId) q = q.where('id', '!=', exceptId);
  const rows = await q.limit(2).execute();
  return { email: rows.some((r) => r.email === email), passport: rows.some((r) => r.passport === passport) };
}

// ---------------------------------------------------------------------------------------------
// Writes (callers run them inside a transaction when files are involved)
// ---------------------------------------------------------------------------------------------

export async function insertApplicationRow(db: Db, row: NewApplicationRow): Promise<void> {
  await db.insertInto('applications').values(row).execute();
}

export async function updateApplicationRow(db: Db, id: string, patch: ApplicationUpdateRow): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the row (documents go with it by the foreign key) and answers the file keys to remove afterwards. */
export async function deleteApplicationRow(db: Db, id: string): Promise<string[] | undefined> {
  const row = await db.selectFrom('applications').select(['image_key', 'thumb_key']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const documents = await db.selectFrom('application_documents').select('storage_key').where('application_id', '=', id).execute();
  await db.deleteFrom('application_documents').where('application_id', '=', id).execute();
  const result = await db.deleteFrom('applications').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return undefined;
  return [row.image_key, row.thumb_key, ...documents.map((d) => d.storage_key)].filter((k): k is string => Boolean(k));
}

/**
 * Sets the status (and its dates, named as in the API) only if it still is `expected`. Two staff
 * members acting at once both read the same status, but only the first UPDATE matches it; the
 * second changes nothing and learns so.
 */
export async function updateStatusIf(
  db: Db,
  id: string,
  expected: ApplicationStatus,
  patch: Pick<ApplicationFields, 'isStatus'> & Partial<Pick<ApplicationFields, 'pending' | 'approve'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ ...toColumns(patch), updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

/** How many documents the application has, and the position the next one gets. */
export async function documentCounts(db: Db, applicationId: string): Promise<{ count: number; nextPosition: number }> {
  const row = await db
    .selectFrom('application_documents')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
    .where('application_id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const last = row.last === null ? -1 : Number(row.last);
  return { count: Number(row.n), nextPosition: last + 1 };
}

export interface NewDocument {
  id: string;
  storageKey: string;
  label: DocumentLabel;
  contentType: string;
  size: number;
}

/** Appends documents in the given order, from position `firstPosition` on. */
export async function insertDocuments(db: Db, applicationId: string, firstPosition: number, documents: NewDocument[]): Promise<void> {
  if (documents.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('application_documents')
    .values(
      documents.map((d, i) => ({
        id: d.id,
        application_id: applicationId,
        storage_key: d.storageKey,
        label: d.label,
        content_type: d.contentType,
        size: d.size,
        position: firstPosition + i,
        created_at: now,
      })),
    )
    .execute();
}

/** Deletes one document of one application; answers what it was, or undefined when there is no such document there. */
export async function deleteDocument(
  db: Db,
  applicationId: string,
  documentId: string,
): Promise<{ label: string; storageKey: string } | undefined> {
  const row = await db
    .deleteFrom('application_documents')
    .where('id', '=', documentId)
    .where('application_id', '=', applicationId)
    .returning(['label', 'storage_key'])
    .executeTakeFirst();
  return row && { label: row.label, storageKey: row.storage_key };
}

/** Every storage key the applications point at: photos, thumbnails and document files. */
export async function listApplicationStorageKeys(db: Db): Promise<string[]> {
  const keys: string[] = [];
  for (const row of await db.selectFrom('applications').select(['image_key', 'thumb_key']).execute()) {
    if (row.image_key) keys.push(row.image_key);
    if (row.thumb_key) keys.push(row.thumb_key);
  }
  for (const row of await db.selectFrom('application_documents').select('storage_key').execute()) keys.push(row.storage_key);
  return keys;
}
