import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { type Application, type ApplicationDocument, type ApplicationStats, normalizePassport } from '@visa/shared/applications';
import { type ApplicationStatus, DOCUMENT_LABELS, type DocumentLabel, JOB_TITLES } from '@visa/shared/constants';
import { matchCountry } from '@visa/shared/country-matching';
import type { Db } from '../../db/connection.js';
import { nowIso } from '../../db/connection.js';
import type { ApplicationRow, ApplicationUpdateRow, Database, DocumentRow, NewApplicationRow } from '../../db/schema.js';
import type { UrlSigner } from '../../plugins/storage/signed-urls.js';
import {
  APPLICATION_COLUMNS,
  type ApplicationField,
  type ApplicationFields,
  columnsOf,
  fieldsOf,
  searchKey,
  toColumns,
} from './mapping.js';

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

const ALL_FIELDS = Object.keys(APPLICATION_COLUMNS) as ApplicationField[];

/**
 * The API shape of an application (docs/product.md#application-fields). Photos and documents are
 * personal data, so every file is given as a short-lived signed URL; `file1PublicId` carries the
 * documents' storage keys.
 */
export function toApplication(row: ApplicationRow, documents: DocumentRow[], urls: UrlSigner): Application {
  const docs = documents.map((d) => toDocument(d, urls));
  return {
    ...fieldsOf(row, ALL_FIELDS),
    image: row.image_key ? urls.sign(row.image_key) : null,
    thumbnail: row.thumb_key ? urls.sign(row.thumb_key) : null,
    file1: docs.map((d) => d.url),
    file1PublicId: docs.map((d) => d.publicId),
    documents: docs,
    isAdmin: Number(row.is_admin) === 1,
  };
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

/** Documents of several applications with one query, grouped by application id. */
async function listDocumentRowsFor(db: Db, applicationIds: string[]): Promise<Map<string, DocumentRow[]>> {
  const byApplication = new Map<string, DocumentRow[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .selectFrom('application_documents')
    .selectAll()
    .where('application_id', 'in', applicationIds)
    .orderBy('application_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
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
  const row = await db
    .selectFrom('applications')
    .select(['id', 'image_key', ...columnsOf(fields)])
    .where('passport', '=', passport)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, fields: fieldsOf(row, fields), photoKey: row.image_key };
}

/** Upper bound of a prefix range: every string that starts with `prefix` sorts below it. */
const prefixEnd = (prefix: string) => `${prefix}\uffff`;

/**
 * Case-insensitive prefix match on passport, surname or given name as index range scans
 * (ADR 0001): never LIKE or a regex built from the input, so '.*' or '%' are just characters.
 * Both sides are normalised the same way: the passport as the shared schema stores it, the names
 * as their search keys, a country as its code.
 */
export function searchFilter(search: string) {
  const term = search.trim();
  if (!term) return null;
  const passport = normalizePassport(term);
  const name = searchKey(term);
  const country = matchCountry(term);
  return (eb: ExpressionBuilder<Database, 'applications'>): Expression<SqlBool> => {
    const ranges: Expression<SqlBool>[] = [
      eb.and([eb('surname_key', '>=', name), eb('surname_key', '<', prefixEnd(name))]),
      eb.and([eb('given_name_key', '>=', name), eb('given_name_key', '<', prefixEnd(name))]),
    ];
    if (passport) ranges.unshift(eb.and([eb('passport', '>=', passport), eb('passport', '<', prefixEnd(passport))]));
    // A term that names a country ('Bangladeshi', 'BD', 'BGD') also finds that nationality (ADR 0024).
    if (country) ranges.push(eb('current_nationality_key', '=', country));
    return eb.or(ranges);
  };
}

/** Which applications a list or an export covers: a search prefix, and one status or all of them. */
interface ApplicationFilter {
  search: string;
  status?: ApplicationStatus;
}

/** The search and the status together; null when neither narrows the list. */
function listFilter({ search, status }: ApplicationFilter) {
  const byText = searchFilter(search);
  if (!status) return byText;
  return (eb: ExpressionBuilder<Database, 'applications'>): Expression<SqlBool> =>
    byText ? eb.and([eb('status', '=', status), byText(eb)]) : eb('status', '=', status);
}

interface ApplicationPageRows {
  rows: ApplicationRow[];
  total: number;
}

/** Newest first; page 1 with no search reads the first `limit` entries of the created_at index. */
async function listApplicationRows(db: Db, query: { page: number; limit: number } & ApplicationFilter): Promise<ApplicationPageRows> {
  const filter = listFilter(query);
  let rowsQuery = db.selectFrom('applications').selectAll();
  let countQuery = db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n'));
  if (filter) {
    rowsQuery = rowsQuery.where(filter);
    countQuery = countQuery.where(filter);
  }
  const [rows, count] = await Promise.all([
    rowsQuery
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    countQuery.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function listApplications(
  db: Db,
  urls: UrlSigner,
  query: { page: number; limit: number } & ApplicationFilter,
): Promise<{ applications: Application[]; total: number }> {
  const { rows, total } = await listApplicationRows(db, query);
  const documents = await listDocumentRowsFor(
    db,
    rows.map((r) => r.id),
  );
  return { applications: rows.map((r) => toApplication(r, documents.get(r.id) ?? [], urls)), total };
}

/** Rows of a search (and status) in batches, newest first, for the CSV export, without holding them all in memory. */
export async function* iterateApplicationRows(db: Db, query: ApplicationFilter, batchSize = 500): AsyncGenerator<ApplicationRow[]> {
  const filter = listFilter(query);
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    let q = db.selectFrom('applications').selectAll();
    if (filter) q = q.where(filter);
    if (after) {
      const { created_at, id } = after;
      q = q.where((eb) => eb.or([eb('created_at', '<', created_at), eb.and([eb('created_at', '=', created_at), eb('id', '<', id)])]));
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

/** Counts for the dashboard; months are given as UTC ranges so both engines count them the same way. */
export async function applicationStats(db: Db, months: { month: string; from: string; to: string }[]): Promise<ApplicationStats> {
  const [statusRows, jobRows, monthCounts] = await Promise.all([
    db
      .selectFrom('applications')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('applications')
      .select(['job_title', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('job_title')
      .execute(),
    // Range counts on the created_at index: no per-row date arithmetic, no engine-specific SQL.
    Promise.all(
      months.map((m) =>
        db
          .selectFrom('applications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('created_at', '>=', m.from)
          .where('created_at', '<', m.to)
          .executeTakeFirstOrThrow(),
      ),
    ),
  ]);
  const byStatus: ApplicationStats['byStatus'] = { pending: 0, approved: 0, rejected: 0 };
  for (const r of statusRows) if (r.status in byStatus) byStatus[r.status] = Number(r.n);
  const jobCounts = new Map(jobRows.map((r) => [r.job_title, Number(r.n)]));
  return {
    total: byStatus.pending + byStatus.approved + byStatus.rejected,
    byStatus,
    byMonth: months.map((m, i) => ({ month: m.month, count: Number(monthCounts[i]!.n) })),
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
