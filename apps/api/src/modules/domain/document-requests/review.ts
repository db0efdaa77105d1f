import { APPLICANT_FILE_TEXTS, MAX_DOCUMENTS } from '@visa/shared/applicant-file';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { DOCUMENT_REQUEST_TEXTS as M } from '@visa/shared/document-requests';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, conflict, notFound } from '../../../lib/http-error.js';
import { newId } from '../../../lib/ids.js';
import type { Actor } from '../../../plugins/auth.js';
import { removeStoredFiles } from '../../../infra/storage/remove.js';
import { reencodeDocument } from '../applicant-file/documents.js';
import * as documentsRepo from '../applications/documents-repository.js';
import * as applications from '../applications/repository.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { assertMayContact } from '../applicant-notices/may-contact.js';
import { notify } from '../applicant-notices/notify.js';
import * as repo from './repository.js';
import { staffView } from './service.js';

/** Staff's review of what the applicant sent (ADR 0046): accept it as a document, or ask for it again. */

async function receivedItem(ctx: AppContext, applicationId: string, itemId: string) {
  const request = await repo.findLatestRequest(ctx.db, applicationId);
  if (!request) throw new HttpError(404, M.noRequest);
  const item = await repo.findItem(ctx.db, request.id, itemId);
  if (!item) throw new HttpError(404, M.noSuchItem);
  if (item.state !== 'received' || !item.storage_key) throw conflict(M.notReceived);
  return { request, item, storageKey: item.storage_key };
}

async function readStored(ctx: AppContext, key: string): Promise<Buffer> {
  const object = await ctx.storage.get(key);
  if (!object) throw conflict(M.notReceived);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The received file becomes one of the application's documents, as a staff upload would: a photo
 * or scan re-encoded (orientation applied, metadata dropped, size capped), a PDF kept as sent.
 */
export async function acceptItem(ctx: AppContext, actor: Actor, applicationId: string, itemId: string) {
  // An erased or withdrawn applicant's record takes nothing new (ADR 0064).
  await assertMayContact(ctx.db, applicationId);
  const { request, item, storageKey } = await receivedItem(ctx, applicationId, itemId);
  const bytes = await readStored(ctx, storageKey);
  const isPdf = item.content_type === 'application/pdf';
  const stored = isPdf ? bytes : await reencodeDocument(bytes);
  if (!stored) throw new HttpError(400, APPLICANT_FILE_TEXTS.documentUnreadable(item.label_en));
  const documentId = newId();
  const key = `private/doc-${documentId}.${isPdf ? 'pdf' : 'jpg'}`;
  const contentType = isPdf ? 'application/pdf' : 'image/jpeg';
  await ctx.storage.put(key, stored, contentType);
  const at = clockOf(ctx)().toISOString();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await assertMayContact(trx, applicationId);
      const { count, nextPosition } = await documentsRepo.documentCounts(trx, applicationId);
      if (count + 1 > MAX_DOCUMENTS) throw conflict(APPLICANT_FILE_TEXTS.documentLimitReached);
      const moved = await repo.moveItem(trx, item.id, ['received'], 'accepted', { storage_key: null }, at);
      if (!moved) throw conflict(M.notReceived);
      await documentsRepo.insertDocuments(trx, applicationId, nextPosition, [
        { id: documentId, storageKey: key, label: 'Other', contentType, size: stored.length },
      ]);
      await recordAudit(trx, {
        actorUserId: actor._id,
        action: AUDIT_ACTIONS.application.documentsAdd,
        entity: AUDIT_ENTITIES.application,
        entityId: applicationId,
        details: { documents: [{ _id: documentId, label: 'Other', name: item.label_en }], byApplicant: true },
      });
      await recordAudit(trx, {
        actorUserId: actor._id,
        action: AUDIT_ACTIONS.documentRequest.accepted,
        entity: AUDIT_ENTITIES.application,
        entityId: applicationId,
        details: { item: item.label_en },
      });
      await repo.endIfDone(trx, request.id, at);
    });
  } catch (err) {
    await removeStoredFiles(ctx.storage, [key], ctx.log);
    throw err;
  }
  await removeStoredFiles(ctx.storage, [storageKey], ctx.log);
  return staffView(ctx, applicationId);
}

/** The item opens again on the link with the office's reason, and the applicant is told. */
export async function askAgain(ctx: AppContext, actor: Actor, applicationId: string, itemId: string, reason: string) {
  if (!(await applications.applicationExists(ctx.db, applicationId))) throw notFound();
  // Asking again writes to the applicant: refused, not silently dropped, when they may not be contacted.
  await assertMayContact(ctx.db, applicationId);
  const { item, storageKey } = await receivedItem(ctx, applicationId, itemId);
  const at = clockOf(ctx)().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await assertMayContact(trx, applicationId);
    const moved = await repo.moveItem(trx, item.id, ['received'], 'asked_again', { reason, storage_key: null }, at);
    if (!moved) throw conflict(M.notReceived);
    await notify(trx, ctx, applicationId, { kind: 'ask-again', item: { en: item.label_en, bn: item.label_bn }, reason });
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.documentRequest.askedAgain,
      entity: AUDIT_ENTITIES.application,
      entityId: applicationId,
      details: { item: item.label_en, reason },
    });
  });
  ctx.outbox.kick();
  await removeStoredFiles(ctx.storage, [storageKey], ctx.log);
  return staffView(ctx, applicationId);
}
