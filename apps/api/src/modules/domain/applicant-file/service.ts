import { APPLICANT_FILE_TEXTS as M, MAX_DOCUMENTS, STATUS_ACTIONS, type StatusAction } from '@visa/shared/applicant-file';
import type { ApplicationHistory } from '@visa/shared/applicant-file';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import type { Application } from '@visa/shared/applications';
import { ERASURE_TEXTS } from '@visa/shared/retention';
import type { ApplicationStatus } from '@visa/shared/constants';
import { todayIn } from '@visa/shared/dates';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connection.js';
import { HttpError, badRequest, conflict } from '../../../lib/http-error.js';
import { newId } from '../../../lib/ids.js';
import type { Actor } from '../../../plugins/auth.js';
import { removeStoredFiles } from '../../../infra/storage/remove.js';
import * as documentsRepo from '../applications/documents-repository.js';
import * as applications from '../applications/repository.js';
import { listAuditFor, recordAudit } from '../../kernel/audit/repository.js';
import { assertMayContact } from '../applicant-notices/may-contact.js';
import { followStatus } from '../case-work/service.js';
import { clockOf } from '../../../lib/clock.js';
import { notify } from '../applicant-notices/notify.js';
import { listEmailsFor } from '../applicant-notices/outbox-status-repository.js';
import { type DocumentUpload, prepareDocuments } from './documents.js';
import { renderCopyPdf } from './pdf.js';
import { copyVerification } from './verification.js';
import { publicCase } from '../case-work/public.js';

const notFound = () => new HttpError(404, M.applicationNotFound);

/** The application exists and still holds its personal data: an erased one takes no new files (ADR 0052). */
async function assertChangeable(db: Db, id: string) {
  const erased = await applications.isErased(db, id);
  if (erased === undefined) throw notFound();
  if (erased) throw conflict(APPLICATION_TEXTS.erased);
}

/**
 * New documents are new processing the applicant would be told of: refused for an erased
 * applicant and for one who withdrew consent (ADR 0064).
 */
async function assertTakesDocuments(db: Db, id: string) {
  await assertChangeable(db, id);
  await assertMayContact(db, id);
}

async function loadApplication(ctx: AppContext, id: string): Promise<Application> {
  const application = await applications.getApplication(ctx.db, ctx.urls, id);
  if (!application) throw notFound();
  return application;
}

/** What each action changes (ADR 0008). */
function statusPatch(to: ApplicationStatus, date: string) {
  switch (to) {
    // Back to pending: the collect date is (re)set and an earlier approval date no longer holds.
    case 'pending':
      return { isStatus: to, pending: date, approve: null };
    // The collect date set while pending stays: it is when the visa can be collected.
    case 'approved':
      return { isStatus: to, approve: date };
    // A rejected application has no approval date; the history keeps the old one.
    case 'rejected':
      return { isStatus: to, approve: null };
  }
}

/**
 * Pending, Approve or Reject. The status UPDATE (conditional on the status we read), the audit
 * event and the applicant's notice are one transaction, so history and state always agree and a
 * notice exists exactly for each change that happened. An erased or withdrawn applicant's status
 * still changes (ADR 0059: a status is not personal data); decide.ts tells them nothing of it. Sending happens later; an SMTP or provider
 * failure can never undo or fail the action.
 */
export async function changeStatus(
  ctx: AppContext,
  actor: Actor,
  id: string,
  action: StatusAction,
  requestedDate: string | undefined,
): Promise<Application> {
  const current = await applications.findApplicationFields(ctx.db, id, ['isStatus', 'createdAt']);
  if (!current) throw notFound();
  const from = current.isStatus;
  const to = STATUS_ACTIONS[action].status;
  if (from === to) throw conflict(M.alreadyInStatus(to));

  // Reject carries no date; a date sent with it is ignored rather than refused (the earlier app sent none).
  const today = todayIn(ctx.config.APP_TIMEZONE);
  const date = to === 'rejected' ? null : (requestedDate ?? today);
  // A decision cannot predate the application nor be recorded ahead of time; both days are the
  // office's calendar days (docs/product.md#api-applicant-file).
  if (date !== null && date > today) throw badRequest(M.dateInFuture, [{ path: 'date', message: M.dateInFuture }]);
  if (date !== null && date < todayIn(ctx.config.APP_TIMEZONE, new Date(current.createdAt))) {
    throw badRequest(M.dateBeforeCreated, [{ path: 'date', message: M.dateBeforeCreated }]);
  }
  const patch = statusPatch(to, date ?? '');
  const changed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await applications.updateStatusIf(trx, id, from, patch))) return false;
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.application.status,
      entity: AUDIT_ENTITIES.application,
      entityId: id,
      details: { from, to, date },
    });
    // The decision stage follows the status (ADR 0077).
    const at = clockOf(ctx)();
    await followStatus(trx, { actorId: actor._id, applicationId: id, to, date: date ?? todayIn(ctx.config.APP_TIMEZONE, at), at });
    await notify(trx, ctx, id, { kind: 'status', from, to, date });
    return true;
  });
  if (!changed) {
    // Someone else changed (or deleted) it between our read and our write.
    if (!(await applications.applicationExists(ctx.db, id))) throw notFound();
    throw conflict(M.changedMeanwhile);
  }
  ctx.outbox.kick();
  return loadApplication(ctx, id);
}

/**
 * Adds documents all-or-nothing: every file is checked first, then all are written to storage,
 * then their rows, audit event and email are committed together. Any failure removes the files
 * already written, so no file is left without a row and no row points at a missing file.
 */
export async function addDocuments(ctx: AppContext, actor: Actor, id: string, upload: DocumentUpload): Promise<Application> {
  await assertTakesDocuments(ctx.db, id);
  const prepared = await prepareDocuments(upload);

  const written: string[] = [];
  const documents: documentsRepo.NewDocument[] = [];
  try {
    for (const doc of prepared) {
      const documentId = newId();
      const key = `private/doc-${documentId}.jpg`;
      await ctx.storage.put(key, doc.bytes, doc.contentType);
      written.push(key);
      documents.push({ id: documentId, storageKey: key, label: doc.label, contentType: doc.contentType, size: doc.bytes.length });
    }
    await ctx.db.transaction().execute(async (trx) => {
      await assertTakesDocuments(trx, id);
      const { count, nextPosition } = await documentsRepo.documentCounts(trx, id);
      if (count + documents.length > MAX_DOCUMENTS) throw conflict(M.documentLimitReached);
      await documentsRepo.insertDocuments(trx, id, nextPosition, documents);
      await recordAudit(trx, {
        actorUserId: actor._id,
        action: AUDIT_ACTIONS.application.documentsAdd,
        entity: AUDIT_ENTITIES.application,
        entityId: id,
        details: { documents: documents.map((d, i) => ({ _id: d.id, label: d.label, name: prepared[i]!.filename })) },
      });
      await notify(trx, ctx, id, { kind: 'documents-added', labels: prepared.map((d) => d.label) });
    });
  } catch (err) {
    await removeStoredFiles(ctx.storage, written, ctx.log);
    throw err;
  }
  ctx.outbox.kick();
  return loadApplication(ctx, id);
}

/** Removes one wrongly uploaded document: row and audit first, the file once nothing points at it. */
export async function removeDocument(ctx: AppContext, actor: Actor, id: string, documentId: string): Promise<Application> {
  const removed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await applications.applicationExists(trx, id))) throw notFound();
    const doc = await documentsRepo.deleteDocument(trx, id, documentId);
    if (!doc) throw new HttpError(404, M.documentNotFound);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.application.documentsRemove,
      entity: AUDIT_ENTITIES.application,
      entityId: id,
      details: { documentId, label: doc.label },
    });
    return doc;
  });
  await removeStoredFiles(ctx.storage, [removed.storageKey], ctx.log);
  return loadApplication(ctx, id);
}

export async function getHistory(ctx: AppContext, id: string): Promise<ApplicationHistory> {
  if (!(await applications.applicationExists(ctx.db, id))) throw notFound();
  const [history, emails] = await Promise.all([listAuditFor(ctx.db, AUDIT_ENTITIES.application, id), listEmailsFor(ctx.db, id)]);
  return { history, emails };
}

/** The applicant copy as a PDF, with a file name staff can recognise in their downloads. */
export async function copyPdf(ctx: AppContext, id: string): Promise<{ bytes: Buffer; filename: string }> {
  // An erased application has nothing left to print (ADR 0052).
  if (await applications.isErased(ctx.db, id)) throw new HttpError(410, ERASURE_TEXTS.noLongerHeld);
  const found = await applications.getApplicationWithPhotoKey(ctx.db, ctx.urls, id);
  if (!found) throw notFound();
  const { application, photoKey } = found;
  const kase = await publicCase(ctx.db, id, application.isStatus);
  const bytes = await renderCopyPdf({
    application,
    photoKey,
    ...(kase ? { stage: kase.stage.en } : {}),
    storage: ctx.storage,
    verification: await copyVerification(ctx.config.publicUrl),
    printedOn: todayIn(ctx.config.APP_TIMEZONE),
  });
  const safeName = `${application.surname}-${application.givenN}`
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return { bytes, filename: `applicants-copy-${safeName || 'applicant'}-${application.passport}.pdf` };
}
