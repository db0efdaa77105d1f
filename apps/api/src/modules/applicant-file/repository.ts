import type { ApplicationStatus } from '@visa/shared/constants';
import type { Db } from '../../db/connection.js';
import { nowIso } from '../../db/connection.js';
import type { ApplicationUpdateRow, DocumentRow } from '../../db/schema.js';

export type { DocumentRow };

/**
 * Sets the status only if it still is `expected`. Two staff members acting at once both read the
 * same status, but only the first UPDATE matches it; the second changes nothing and learns so.
 */
export async function updateStatusIf(
  db: Db,
  id: string,
  expected: ApplicationStatus,
  patch: Pick<ApplicationUpdateRow, 'status' | 'pending_date' | 'approve_date'>,
): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function applicationExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('applications').select('id').where('id', '=', id).executeTakeFirst());
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

export async function insertDocumentRows(db: Db, rows: DocumentRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('application_documents').values(rows).execute();
}

export async function findDocumentRow(db: Db, applicationId: string, documentId: string): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('application_documents')
    .selectAll()
    .where('id', '=', documentId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
}

export async function deleteDocumentRow(db: Db, documentId: string): Promise<boolean> {
  const result = await db.deleteFrom('application_documents').where('id', '=', documentId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
