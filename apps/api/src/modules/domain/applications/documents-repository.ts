import type { DocumentLabel } from '@visa/shared/constants';
import type { Db } from '../../../db/connection.js';
import { nowIso } from '../../../db/connection.js';
import { type IdParam, type QueryParam, compiledQueryShapes, idParams, idValues } from '../../../db/compiled-query.js';
import type { DocumentRow } from '../../../db/schema-applications.js';

/** Every statement on the application_documents table alone. */

/** One application's documents in upload order. */
export async function listDocumentRows(db: Db, applicationId: string): Promise<DocumentRow[]> {
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
const documentsOf = compiledQueryShapes((db, { count }: { count: number }, param: QueryParam<IdParam>) =>
  db
    .selectFrom('application_documents')
    .selectAll()
    .where('application_id', 'in', idParams(count, param))
    .orderBy('application_id')
    .orderBy('position')
    .orderBy('id'),
);

/** Documents of several applications with one query, grouped by application id. */
export async function listDocumentRowsFor(db: Db, applicationIds: string[]): Promise<Map<string, DocumentRow[]>> {
  const byApplication = new Map<string, DocumentRow[]>();
  const count = applicationIds.length;
  if (count === 0) return byApplication;
  const rows = await documentsOf(db, { count }, idValues(applicationIds));
  for (const row of rows) {
    const list = byApplication.get(row.application_id) ?? [];
    list.push(row);
    byApplication.set(row.application_id, list);
  }
  return byApplication;
}

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
