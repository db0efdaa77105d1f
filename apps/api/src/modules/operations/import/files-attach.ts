import { HttpError } from '../../../lib/http-error.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { IMPORT_FILE_REASONS as R } from '@visa/shared/import-texts';
import type { AppContext } from '../../../context.js';
import { ImageDecodeError, ImageTooManyPixelsError, ImageTypeError, preparePhoto } from '../../../lib/images.js';
import { newId } from '../../../lib/ids.js';
import { removeStoredFiles } from '../../../infra/storage/remove.js';
import { prepareDocuments } from '../../domain/applicant-file/documents.js';
import * as documentsRepo from '../../domain/applications/documents-repository.js';
import * as applications from '../../domain/applications/repository.js';
import { storePhoto } from '../../domain/applications/service.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { type ClaimedFile, settleFile } from './files-repository.js';

/**
 * Turning a fetched file into the application's photo or one of its documents, through the same
 * checks and variants an upload by staff goes through (ADR 0042). The file is written first; then
 * one transaction attaches it, records it in the history and marks the row stored, and only while
 * the run still holds the row's claim. A process killed between the two leaves a file nothing
 * points at, which the orphan sweep removes; the row stays pending and is fetched again.
 */

export type Attached = { ok: true } | { ok: false; reason: string } | { ok: 'lost' };

/** Thrown inside a transaction to undo it when the claim was lost meanwhile. */
class ClaimLost extends Error {}
/** Thrown inside a transaction to undo it when the applicant was erased meanwhile (ADR 0059). */
class ErasedMeanwhile extends Error {}

const PHOTO_FIELD = 'image';
const documentPosition = (field: string) => Number(field.replace(/^file/, '')) - 1;

async function preparedPhotoOrReason(bytes: Buffer) {
  try {
    return { prepared: await preparePhoto(bytes) };
  } catch (err) {
    if (err instanceof ImageTypeError) return { reason: R.photoType(err.message) };
    if (err instanceof ImageTooManyPixelsError) return { reason: R.photoTooManyPixels };
    if (err instanceof ImageDecodeError) return { reason: R.unreadable };
    throw err;
  }
}

async function preparedDocumentOrReason(bytes: Buffer, field: string, declaredType: string) {
  try {
    // The upload's refusals name the file: given the field's name, the reason (kept in the report,
    // which holds no value of a record) names the field, never the earlier file name.
    const [prepared] = await prepareDocuments({ files: [{ bytes, filename: field, declaredType, tooLarge: false }], labels: ['Other'] });
    return { prepared: prepared! };
  } catch (err) {
    // The upload's own refusal (wrong type by the bytes, unreadable picture) is the reason.
    if (err instanceof HttpError) return { reason: err.message };
    throw err;
  }
}

/** Runs `work` in a transaction that first settles the row; false when the claim was lost and nothing was written. */
async function settleWith(
  ctx: AppContext,
  file: ClaimedFile,
  outcome: Parameters<typeof settleFile>[2],
  work: (trx: AppContext['db']) => Promise<void>,
) {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await settleFile(trx, file, outcome))) throw new ClaimLost();
      await work(trx);
    });
    return true;
  } catch (err) {
    if (err instanceof ClaimLost) return false;
    throw err;
  }
}

/** Marks the row missing and says so in the application's history. */
export async function recordMissing(ctx: AppContext, file: ClaimedFile, name: string, reason: string): Promise<Attached> {
  const settled = await settleWith(ctx, file, { state: 'missing', reason }, (trx) =>
    recordAudit(trx, {
      actorUserId: null,
      action: AUDIT_ACTIONS.application.importFileMissing,
      entity: AUDIT_ENTITIES.application,
      entityId: file.applicationId,
      details: { field: file.field, name, reason },
    }),
  );
  return settled ? { ok: false, reason } : { ok: 'lost' };
}

/**
 * Marks the row missing because its applicant was erased (ADR 0059). An erased applicant's history
 * keeps no file names (ADR 0052), so the note names none.
 */
export const recordErased = (ctx: AppContext, file: ClaimedFile) => recordMissing(ctx, file, '', R.erased);

const storedEvent = (file: ClaimedFile, name: string) => ({
  actorUserId: null,
  action: AUDIT_ACTIONS.application.importFileStored,
  entity: AUDIT_ENTITIES.application,
  entityId: file.applicationId,
  details: { field: file.field, name },
});

/** Thrown inside the photo's transaction when staff gave the application a photo meanwhile. */
class PhotoGivenMeanwhile extends Error {}

/**
 * The earlier photo becomes the application's photo unless staff have given it one in this app
 * since the import: theirs is newer and is kept, and the earlier one is reported.
 */
async function attachPhoto(ctx: AppContext, file: ClaimedFile, bytes: Buffer, name: string): Promise<Attached> {
  const current = await applications.findApplicationRow(ctx.db, file.applicationId);
  if (current?.image_key) return recordMissing(ctx, file, name, R.photoKept);
  const { prepared, reason } = await preparedPhotoOrReason(bytes);
  if (!prepared) return recordMissing(ctx, file, name, reason);
  const stored = await storePhoto(ctx, prepared);
  let settled = false;
  try {
    settled = await settleWith(ctx, file, { state: 'stored' }, async (trx) => {
      const before = await applications.findApplicationRow(trx, file.applicationId);
      if (!before) throw new ClaimLost();
      if (before.image_key) throw new PhotoGivenMeanwhile();
      // The earlier app's photo is part of the record as it was there: its time of change stays.
      const written = await applications.updateApplicationRow(trx, file.applicationId, {
        image_key: stored.imageKey,
        thumb_key: stored.thumbKey,
        updated_at: before.updated_at,
      });
      // Erased meanwhile: its photo is not brought back.
      if (!written) throw new ErasedMeanwhile();
      await recordAudit(trx, storedEvent(file, name));
    });
  } catch (err) {
    if (!(err instanceof PhotoGivenMeanwhile) && !(err instanceof ErasedMeanwhile)) throw err;
  } finally {
    if (!settled) await removeStoredFiles(ctx.storage, [stored.imageKey, stored.thumbKey], ctx.log);
  }
  if (settled) return { ok: true };
  const after = await applications.findApplicationRow(ctx.db, file.applicationId);
  if (after?.anonymised_at) return recordErased(ctx, file);
  return after?.image_key ? recordMissing(ctx, file, name, R.photoKept) : { ok: 'lost' };
}

async function attachDocument(ctx: AppContext, file: ClaimedFile, bytes: Buffer, name: string, declaredType: string): Promise<Attached> {
  const { prepared, reason } = await preparedDocumentOrReason(bytes, file.field, declaredType);
  if (!prepared) return recordMissing(ctx, file, name, reason);
  const documentId = newId();
  const key = `private/doc-${documentId}.jpg`;
  await ctx.storage.put(key, prepared.bytes, prepared.contentType);
  let settled = false;
  try {
    settled = await settleWith(ctx, file, { state: 'stored' }, async (trx) => {
      if (await applications.isErased(trx, file.applicationId)) throw new ErasedMeanwhile();
      // The earlier app's order: file1 first. Its documents keep their places whatever order they arrive in.
      await documentsRepo.insertDocuments(trx, file.applicationId, documentPosition(file.field), [
        { id: documentId, storageKey: key, label: prepared.label, contentType: prepared.contentType, size: prepared.bytes.length },
      ]);
      await recordAudit(trx, storedEvent(file, name));
    });
  } catch (err) {
    if (!(err instanceof ErasedMeanwhile)) throw err;
  } finally {
    if (!settled) await removeStoredFiles(ctx.storage, [key], ctx.log);
  }
  if (settled) return { ok: true };
  return (await applications.isErased(ctx.db, file.applicationId)) ? recordErased(ctx, file) : { ok: 'lost' };
}

/** Attaches fetched bytes to the application the row belongs to, or records why they cannot be. */
export function attachFile(ctx: AppContext, file: ClaimedFile, fetched: { bytes: Buffer; filename: string; declaredType: string }) {
  if (file.field === PHOTO_FIELD) return attachPhoto(ctx, file, fetched.bytes, fetched.filename);
  return attachDocument(ctx, file, fetched.bytes, fetched.filename, fetched.declaredType);
}

export const maxBytesFor = (field: string, limits: { photo: number; document: number }) =>
  field === PHOTO_FIELD ? limits.photo : limits.document;
