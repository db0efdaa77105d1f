import type { Application } from '@visa/shared/applications';
import type { ApplicationStatus } from '@visa/shared/constants';
import type { Db } from '../../../db/connection.js';
import { nowIso } from '../../../db/connection.js';
import { type QueryParam, compiledQueryShapes } from '../../../db/compiled-query.js';
import type { ApplicationRow, ApplicationUpdateRow, NewApplicationRow } from '../../../db/schema-applications.js';
import type { UrlSigner } from '../../../infra/storage/signed-urls.js';
import { agreedChannels } from '../applicant-notices/channel-agreements-repository.js';
import { listDocumentRows } from './documents-repository.js';
import { type ApplicationField, type ApplicationFields, columnsOf, fieldsOf, toColumns } from './mapping.js';
import { toApplication } from './rows.js';

/**
 * One application at a time: reads, writes and its files' storage keys. Lists and exports are in
 * paging-repository.ts and export-repository.ts, documents in documents-repository.ts, the kept counts in
 * counts-repository.ts.
 */

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export async function findApplicationRow(db: Db, id: string): Promise<ApplicationRow | undefined> {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
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
  const application = toApplication(row, await listDocumentRows(db, id), urls);
  application.notify = await agreedChannels(db, id);
  return { application, photoKey: row.image_key };
}

/** Whether the application's personal data was erased (ADR 0052); undefined when there is no such application. */
export async function isErased(db: Db, id: string): Promise<boolean | undefined> {
  const row = await db.selectFrom('applications').select('anonymised_at').where('id', '=', id).executeTakeFirst();
  return row && row.anonymised_at !== null;
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

/** Compiled once per list of fields: the public status check runs this on every lookup. */
const byPassport = compiledQueryShapes((db, { fields }: { fields: readonly ApplicationField[] }, param: QueryParam<'passport'>) =>
  db
    .selectFrom('applications')
    .select(['id', 'image_key', ...columnsOf(fields)])
    .where('passport', '=', param('passport')),
);

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
  const [row] = await byPassport(db, { fields }, { passport });
  if (!row) return undefined;
  return { id: row.id, fields: fieldsOf(row as ApplicationRow, fields), photoKey: row.image_key };
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

/** Stamps the change with the time now, unless the patch brings its own (an import keeps the earlier app's). */
export async function updateApplicationRow(db: Db, id: string, patch: ApplicationUpdateRow): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ updated_at: nowIso(), ...patch })
    .where('id', '=', id)
    // An erased record is never written again, whoever read it before it was erased (ADR 0052).
    .where('anonymised_at', 'is', null)
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
  // The ledger's entries stay as financial records (ADR 0084); the kept balance is what the list's
  // balance filter counts alone, so it goes with the application (ADR 0086).
  await db.deleteFrom('application_balances').where('application_id', '=', id).execute();
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

/**
 * The version of the privacy notice in force: the highest published; 0 before the first. Read here
 * for the add form's consent, so that applications need not import privacy (which imports it).
 */
export async function privacyNoticeInForce(db: Db): Promise<number> {
  const row = await db
    .selectFrom('privacy_notices')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
