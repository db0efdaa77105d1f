import type { ItemState, RequestItemSpec } from '@visa/shared/document-requests';
import { type QueryParam, compiledQuery } from '../../../db/compiled-query.js';
import type { Db } from '../../../db/connection.js';
import type { DocumentRequestItemRow, DocumentRequestRow } from '../../../db/schema-documents.js';

/** Every statement on document_requests, document_request_items and document_uploads. */

export type { DocumentRequestItemRow, DocumentRequestRow };

export interface NewRequest {
  id: string;
  applicationId: string;
  tokenHash: string;
  dueDate: string;
  expiresAt: string;
  createdBy: string;
  createdAt: string;
  items: (RequestItemSpec & { id: string })[];
}

/** Ends whatever request of the application still works: a new one replaces it, or staff revoke it. */
export async function endOpenRequests(db: Db, applicationId: string, reason: 'replaced' | 'revoked', at: string): Promise<number> {
  const result = await db
    .updateTable('document_requests')
    .set({ ended_at: at, end_reason: reason })
    .where('application_id', '=', applicationId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertRequest(db: Db, request: NewRequest): Promise<void> {
  await db
    .insertInto('document_requests')
    .values({
      id: request.id,
      application_id: request.applicationId,
      token_hash: request.tokenHash,
      due_date: request.dueDate,
      expires_at: request.expiresAt,
      created_by: request.createdBy,
      created_at: request.createdAt,
      ended_at: null,
      end_reason: null,
    })
    .execute();
  await db
    .insertInto('document_request_items')
    .values(
      request.items.map((item, position) => ({
        id: item.id,
        request_id: request.id,
        position,
        label_en: item.label.en,
        label_bn: item.label.bn,
        required: item.required ? 1 : 0,
        types: JSON.stringify(item.types),
        max_bytes: item.maxBytes,
        state: 'to_send' as const,
        reason: null,
        storage_key: null,
        content_type: null,
        size: null,
        received_at: null,
        updated_at: request.createdAt,
      })),
    )
    .execute();
}

/** The request a token opens, if it still works at `now`. */
// Built once per database (db/compiled-query.ts): every request of the applicant's page and of its
// uploads reads the token's request, and every later request of an upload reads the upload's item.
const workingRequest = compiledQuery((db, param: QueryParam<'tokenHash' | 'now'>) =>
  db
    .selectFrom('document_requests')
    .selectAll()
    .where('token_hash', '=', param('tokenHash'))
    .where('ended_at', 'is', null)
    .where('expires_at', '>', param('now')),
);

export async function findWorkingRequest(db: Db, tokenHash: string, now: string): Promise<DocumentRequestRow | undefined> {
  return (await workingRequest(db, { tokenHash, now }))[0];
}

/** The application's latest request, working or not, for staff. */
export async function findLatestRequest(db: Db, applicationId: string): Promise<DocumentRequestRow | undefined> {
  return db
    .selectFrom('document_requests')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function listItems(db: Db, requestId: string): Promise<DocumentRequestItemRow[]> {
  return db.selectFrom('document_request_items').selectAll().where('request_id', '=', requestId).orderBy('position').execute();
}

export async function findItem(db: Db, requestId: string, itemId: string): Promise<DocumentRequestItemRow | undefined> {
  return db
    .selectFrom('document_request_items')
    .selectAll()
    .where('request_id', '=', requestId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

/**
 * Moves an item from one of `from` to `to`, with what the move brings; false when the item was no
 * longer in one of those states (someone else moved it first).
 */
export async function moveItem(
  db: Db,
  itemId: string,
  from: readonly ItemState[],
  to: ItemState,
  values: Partial<Pick<DocumentRequestItemRow, 'reason' | 'storage_key' | 'content_type' | 'size' | 'received_at'>>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('document_request_items')
    .set({ ...values, state: to, updated_at: at })
    .where('id', '=', itemId)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a request once every item is accepted: the link has nothing left to ask. */
export async function endIfDone(db: Db, requestId: string, at: string): Promise<boolean> {
  const open = await db
    .selectFrom('document_request_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('request_id', '=', requestId)
    .where('state', '!=', 'accepted')
    .executeTakeFirstOrThrow();
  if (Number(open.n) > 0) return false;
  await db
    .updateTable('document_requests')
    .set({ ended_at: at, end_reason: 'done' })
    .where('id', '=', requestId)
    .where('ended_at', 'is', null)
    .execute();
  return true;
}

/**
 * Received files staff have not yet accepted or asked again for, across every application, and how
 * many applications they are on: the dashboard's figure and the staff frame's badge.
 */
export async function countToReview(db: Db): Promise<{ files: number; applications: number }> {
  const row = await db
    .selectFrom('document_request_items')
    .innerJoin('document_requests', 'document_requests.id', 'document_request_items.request_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('files'),
      eb.fn.count<number>('document_requests.application_id').distinct().as('applications'),
    ])
    .where('document_request_items.state', '=', 'received')
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), applications: Number(row.applications) };
}

// ---------------------------------------------------------------------------------------------
// Uploads (ADR 0047)
// ---------------------------------------------------------------------------------------------

export async function insertUpload(db: Db, upload: { id: string; requestId: string; itemId: string; length: number; at: string }) {
  await db
    .insertInto('document_uploads')
    .values({
      id: upload.id,
      request_id: upload.requestId,
      item_id: upload.itemId,
      length: upload.length,
      created_at: upload.at,
      finished_at: null,
    })
    .execute();
}

/**
 * An upload with its item and the item's application, in one read: what every later request of an
 * upload checks (the token's request, the item's state) and what its last byte needs. Undefined
 * when the upload or its item is gone.
 */
const uploadItem = compiledQuery((db, param: QueryParam<'id'>) =>
  db
    .selectFrom('document_uploads')
    .innerJoin('document_request_items', (join) =>
      join
        .onRef('document_request_items.id', '=', 'document_uploads.item_id')
        .onRef('document_request_items.request_id', '=', 'document_uploads.request_id'),
    )
    .innerJoin('document_requests', 'document_requests.id', 'document_uploads.request_id')
    .selectAll('document_request_items')
    .select(['document_uploads.id as upload_id', 'document_requests.application_id', 'document_requests.created_by as request_created_by'])
    .where('document_uploads.id', '=', param('id')),
);

export async function findUploadItem(db: Db, id: string) {
  const [row] = await uploadItem(db, { id });
  if (!row) return undefined;
  const { upload_id: uploadId, application_id: applicationId, request_created_by: sentBy, ...item } = row;
  return { uploadId, applicationId, sentBy, item: item as DocumentRequestItemRow };
}

export async function finishUpload(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('document_uploads').set({ finished_at: at }).where('id', '=', id).execute();
}

/** Uploads begun before `before` and never finished: what the housekeeping job removes. */
export async function listUnfinishedUploads(db: Db, before: string): Promise<string[]> {
  const rows = await db
    .selectFrom('document_uploads')
    .select('id')
    .where('finished_at', 'is', null)
    .where('created_at', '<', before)
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteUploads(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('document_uploads').where('id', 'in', ids).execute();
}

/** Finished uploads' rows are only bookkeeping once their file is stored: dropped after the same day. */
export async function deleteFinishedUploadsBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('document_uploads')
    .where('finished_at', 'is not', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Stored keys of received files: the orphan sweep must keep them. */
export async function receivedStorageKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('document_request_items').select('storage_key').where('storage_key', 'is not', null).execute();
  return rows.map((r) => r.storage_key!);
}

/**
 * An erased application's document requests (ADR 0052): open ones end, received files are let
 * go of and the reasons staff wrote cleared; answers the stored keys and staged uploads to remove.
 */
export async function forgetRequestsOf(db: Db, applicationId: string, at: string): Promise<{ storageKeys: string[]; uploadIds: string[] }> {
  const requests = db.selectFrom('document_requests').select('id').where('application_id', '=', applicationId);
  const items = await db.selectFrom('document_request_items').select('storage_key').where('request_id', 'in', requests).execute();
  const uploads = await db.selectFrom('document_uploads').select('id').where('request_id', 'in', requests).execute();
  await db
    .updateTable('document_request_items')
    .set({ storage_key: null, content_type: null, size: null, reason: null, updated_at: at })
    .where('request_id', 'in', requests)
    .execute();
  await db.deleteFrom('document_uploads').where('request_id', 'in', requests).execute();
  await endOpenRequests(db, applicationId, 'revoked', at);
  return { storageKeys: items.flatMap((i) => (i.storage_key ? [i.storage_key] : [])), uploadIds: uploads.map((u) => u.id) };
}

// ---------------------------------------------------------------------------------------------
// Staff told of uploads (ADR 0069)
// ---------------------------------------------------------------------------------------------

/**
 * Takes the application's turn to have staff told of an upload at `at`: true when staff were never
 * told of it or last told at or before `lastAllowed`. One statement that either moves the time on
 * or changes nothing, so of two uploads finishing together, in one process or in several, exactly
 * one gets the turn (PostgreSQL makes the second wait for the first's row and test it again).
 */
export async function takeUploadAlertTurn(db: Db, applicationId: string, at: string, lastAllowed: string): Promise<boolean> {
  const result = await db
    .insertInto('upload_alerts')
    .values({ application_id: applicationId, alerted_at: at })
    .onConflict((oc) => oc.column('application_id').doUpdateSet({ alerted_at: at }).where('upload_alerts.alerted_at', '<=', lastAllowed))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
