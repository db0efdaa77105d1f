import type { IncomingMessage } from 'node:http';
import fsSync from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server } from '@tus/server';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { DOCUMENT_MAX_BYTES } from '@visa/shared/constants';
import { SERVER } from '@visa/shared/ui-texts';
import { DOCUMENT_REQUEST_TEXTS as M, UPLOADS_PATH, type RequestFileType } from '@visa/shared/document-requests';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { outageOf } from '../../../lib/outage.js';
import { newId } from '../../../lib/ids.js';
import { removeStoredFiles } from '../../../infra/storage/remove.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { noticesWithheld } from '../applicant-notices/may-contact.js';
import { readThrough } from './readable-file.js';
import { withStagedBytes } from './upload-buffer.js';
import { alertStaffOfUpload } from './upload-alerts.js';
import * as repo from './repository.js';
import { uploadExtensionRefused } from './upload-target.js';
import { isUploadId, routeUploadIds, stagingFolder } from './uploads.js';

/**
 * The tus 1.0 server behind /api/uploads (ADR 0047). Bytes under way sit in a folder of DATA_DIR
 * through @tus/file-store; a finished upload is read through as a staff upload is (readable-file.ts),
 * then moved into the product's storage (disk or S3) and the staging file removed. The route in
 * front of it (upload-routes.ts) has already checked the address, the token, the item and the
 * length, and named the upload.
 */

const rawRequestOf = (req: Request) => (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

const EXTENSIONS: Record<RequestFileType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/** An answer tus sends as it is: the same JSON body every other refusal of the API has. */
const refusal = (status: number, message: string) => ({ status_code: status, body: JSON.stringify({ message }) });

/**
 * The tus store over the staging folder. FileStore makes its folder from its constructor and throws
 * from that callback when it fails, where nothing can catch it: the folder is made here first, and
 * the store is only built when the first upload request comes (createUploadServer is called then).
 */
function stagingStore(directory: string): FileStore {
  fsSync.mkdirSync(directory, { recursive: true, mode: 0o700 });
  return new FileStore({ directory });
}

/**
 * Tus's own 5xx answers, each caused by what a client sent, as the 4xx they are (ADR 0063): an
 * extension we do not offer (tus says 501; the route refuses those headers first), a second request
 * on an upload still being written (the lock not freed in time), a body cut off mid-write.
 */
export function tusRefusalOf(err: object): { status_code: number; body: string } | null {
  if (!('status_code' in err) || err instanceof Error) return null;
  if (err.status_code === 501) return refusal(400, uploadExtensionRefused('tus extension'));
  if (err === ERRORS.ERR_LOCK_TIMEOUT) return refusal(409, UPLOAD_BUSY);
  if (err === ERRORS.FILE_WRITE_ERROR) return refusal(400, UPLOAD_CUT_OFF);
  return null;
}

const UPLOAD_BUSY = 'This upload is still being written: ask where it stands, then go on from there.';
const UPLOAD_CUT_OFF = 'The upload was cut off: ask where it stands, then go on from there.';

export function createUploadServer(ctx: AppContext): Server {
  const directory = stagingFolder(ctx.config.dataDir);
  const datastore = stagingStore(directory);
  const now = clockOf(ctx);

  async function finish(uploadId: string) {
    const found = await repo.findUploadItem(ctx.db, uploadId);
    if (!found) throw refusal(404, M.linkNotValid);
    const { item, applicationId, sentBy } = found;
    // What is kept is in storage before the staged bytes' buffer is given back (upload-buffer.ts).
    const { stored, sniffed } = await withStagedBytes(path.join(directory, uploadId), async (sent) => {
      const { file, sniffed } = await readThrough(sent, JSON.parse(item.types) as string[]);
      if (!file) return { stored: null, sniffed };
      const key = `private/received-${newId()}.${EXTENSIONS[file.type]}`;
      await ctx.storage.put(key, file.bytes, file.type);
      return { stored: { key, type: file.type, size: file.bytes.length }, sniffed };
    });
    const at = now().toISOString();
    if (!stored) {
      // The item stays as it was (to send, or asked again): the page says why and offers it again.
      // Nothing of the file is kept: neither the staged bytes nor its row.
      await ctx.db.transaction().execute(async (trx) => {
        await repo.deleteUploads(trx, [uploadId]);
        await recordAudit(trx, {
          actorUserId: null,
          action: AUDIT_ACTIONS.documentRequest.refused,
          entity: AUDIT_ENTITIES.application,
          entityId: applicationId,
          details: { item: item.label_en, type: sniffed },
        });
      });
      await datastore.remove(uploadId).catch(() => undefined);
      throw refusal(415, M.uploadWrongType);
    }
    const { key, type, size } = stored;
    const moved = await ctx.db.transaction().execute(async (trx) => {
      // An erasure or a withdrawal while the last bytes were on their way: the record takes nothing
      // more (ADR 0064), and the upload ends as its link now does.
      if (await noticesWithheld(trx, applicationId)) {
        await repo.deleteUploads(trx, [uploadId]);
        return 'withheld' as const;
      }
      const ok = await repo.moveItem(
        trx,
        item.id,
        ['to_send', 'asked_again'],
        'received',
        { storage_key: key, content_type: type, size, received_at: at, reason: null },
        at,
      );
      if (!ok) return 'not-open' as const;
      await repo.finishUpload(trx, uploadId, at);
      await recordAudit(trx, {
        actorUserId: null,
        action: AUDIT_ACTIONS.documentRequest.received,
        entity: AUDIT_ENTITIES.application,
        entityId: applicationId,
        details: { item: item.label_en, type, size },
      });
      return (await alertStaffOfUpload(trx, ctx, { application_id: applicationId, created_by: sentBy }, now()))
        ? ('received, staff told' as const)
        : ('received' as const);
    });
    await datastore.remove(uploadId).catch(() => undefined);
    if (moved === 'received, staff told') {
      ctx.outbox.kick();
      return;
    }
    if (moved !== 'received') {
      await removeStoredFiles(ctx.storage, [key], ctx.log);
      throw moved === 'withheld' ? refusal(404, M.linkNotValid) : refusal(409, M.uploadNotOpen);
    }
  }

  const server = new Server({
    path: UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    maxSize: DOCUMENT_MAX_BYTES,
    // Only names the route in front gave: the route has checked the token and recorded the name.
    namingFunction: (req) => {
      const raw = rawRequestOf(req);
      const id = raw && routeUploadIds.get(raw);
      if (!id || !isUploadId(id)) throw refusal(400, M.uploadNotOpen);
      return id;
    },
    // The route's id, and only if tus read the same from the address: the route has refused any
    // address that could differ, and this refuses it again should tus ever parse it otherwise.
    getFileIdFromRequest: (req, fromAddress) => {
      const raw = rawRequestOf(req);
      const id = raw && routeUploadIds.get(raw);
      return id && fromAddress === id ? id : undefined;
    },
    onUploadFinish: async (_req, upload) => {
      await finish(upload.id);
      return {};
    },
    onResponseError: (_req, err) => {
      // Our own refusals and tus's below 500 (offsets, lengths) pass as they are.
      if ('status_code' in err && err.status_code < 500) return undefined;
      const tusRefusal = tusRefusalOf(err);
      if (tusRefusal) return tusRefusal;
      // The store or the database away, or no room: said as the rest of the API says it (ADR 0068).
      const outage = outageOf(err);
      if (outage === 'full') return refusal(507, SERVER.storageFull);
      if (outage) return refusal(503, SERVER.unavailable);
      // The message of a file system error names the staged file, whose name is the upload's id.
      const message = err instanceof Error ? err.message.replace(/[a-f0-9]{32}/g, '[upload]') : `status ${err.status_code}`;
      ctx.log.error({ err: { message } }, 'resumable upload failed');
      return refusal(500, 'Something went wrong. Please try again.');
    },
  });

  return server;
}
