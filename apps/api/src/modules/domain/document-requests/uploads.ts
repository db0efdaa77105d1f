import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@visa/shared/limits';
import { DOCUMENT_REQUEST_TEXTS as M } from '@visa/shared/document-requests';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import type { Db } from '../../../db/connection.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import { HttpError } from '../../../lib/http-error.js';
import * as repo from './repository.js';
import { UPLOAD_ID } from './upload-target.js';

/**
 * Uploads by link (ADR 0047) before and after tus: the checks the route in front of it makes, and
 * the housekeeping of staged bytes. The tus server itself (tus-server.ts) is loaded when the first
 * upload request comes (ADR 0074), so a process that takes none never carries it.
 */

/**
 * The upload the route in front of tus checked, by its raw request: the name of a new one, or the
 * route's parameter for a later request. Tus takes the id from here alone (ADR 0063), never from
 * the address it parses itself, so nothing a client sends can make it touch another upload.
 */
export const routeUploadIds = new WeakMap<IncomingMessage, string>();
export const isUploadId = (id: string) => UPLOAD_ID.test(id);
const newUploadId = () => randomBytes(16).toString('hex');

const { uploadsPerToken: PER_TOKEN, uploadsPerAddress: PER_ADDRESS } = LIMITS.documentsPage;

/** Where bytes under way are kept: DATA_DIR's folder for them. */
export const stagingFolder = (dataDir: string) => dataDirLayout(dataDir).resumableUploads;

/**
 * A new upload, before tus takes a byte of it: it names an item of the request still to send (or
 * asked again), its length is within the item's limit, and the per-token and per-address counts
 * allow it. Answers the upload's id, recorded for tus to name the upload with.
 */
export async function beginUpload(
  ctx: AppContext,
  upload: { requestId: string; itemId: string | null; length: number; client: string },
): Promise<string> {
  const { rateLimiter } = ctx;
  const item = upload.itemId ? await repo.findItem(ctx.db, upload.requestId, upload.itemId) : undefined;
  if (!item || (item.state !== 'to_send' && item.state !== 'asked_again')) throw new HttpError(409, M.uploadNotOpen);
  if (upload.length > Number(item.max_bytes)) throw new HttpError(413, M.uploadTooLarge);
  await rateLimiter.hit(rateLimiter.key('documents:uploads:token', upload.requestId), PER_TOKEN.limit, PER_TOKEN.windowMs);
  await rateLimiter.hit(rateLimiter.key('documents:uploads:ip', { client: upload.client }), PER_ADDRESS.limit, PER_ADDRESS.windowMs);
  const id = newUploadId();
  await repo.insertUpload(ctx.db, {
    id,
    requestId: upload.requestId,
    itemId: item.id,
    length: upload.length,
    at: clockOf(ctx)().toISOString(),
  });
  return id;
}

/**
 * Any later request of an upload: only for one the same token began, for an item of that request;
 * otherwise the one plain refusal, whether the id is unknown or another link's. Bytes are only
 * taken for an item still to send.
 */
export async function assertUploadOf(ctx: AppContext, check: { requestId: string; uploadId: string; writing: boolean }): Promise<void> {
  const found = isUploadId(check.uploadId) ? await repo.findUploadItem(ctx.db, check.uploadId) : undefined;
  if (!found || found.item.request_id !== check.requestId) throw new HttpError(404, M.linkNotValid);
  const { state } = found.item;
  if (check.writing && state !== 'to_send' && state !== 'asked_again') throw new HttpError(409, M.uploadNotOpen);
}

/**
 * Removes uploads begun before `before` and never finished, bytes and rows, and the rows of
 * finished ones as old; answers how many unfinished ones went. The housekeeping job runs it.
 */
export async function removeUnfinishedUploads(db: Db, dataDir: string, before: Date): Promise<number> {
  const ids = await repo.listUnfinishedUploads(db, before.toISOString());
  await removeStagedUploads(dataDir, ids);
  await repo.deleteUploads(db, ids);
  await repo.deleteFinishedUploadsBefore(db, before.toISOString());
  return ids.length;
}

/** The staged bytes of uploads and FileStore's records beside them, removed as FileStore.remove would. */
export async function removeStagedUploads(dataDir: string, ids: string[]): Promise<void> {
  const directory = stagingFolder(dataDir);
  for (const id of ids) {
    if (!isUploadId(id)) continue;
    await fs.rm(path.join(directory, id), { force: true });
    await fs.rm(path.join(directory, `${id}.json`), { force: true });
  }
}
