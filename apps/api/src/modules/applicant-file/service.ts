import type { FastifyBaseLogger } from 'fastify';
import { APPLICANT_FILE_MESSAGES as M, MAX_DOCUMENTS, STATUS_ACTIONS, type StatusAction } from '@visa/shared/applicant-file';
import type { ApplicationHistory } from '@visa/shared/applicant-file';
import type { Application } from '@visa/shared/applications';
import type { ApplicationStatus } from '@visa/shared/constants';
import { todayIn } from '@visa/shared/dates';
import type { Db } from '../../db/connection.js';
import type { ApplicationRow, DocumentRow } from '../../db/schema.js';
import { HttpError, conflict } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import type { UrlSigner } from '../../plugins/storage/signed-urls.js';
import type { Storage } from '../../plugins/storage/storage.js';
import { findApplicationRow, getApplication, listDocumentRows, toApplication } from '../applications/repository.js';
import { listAuditFor, recordAudit } from '../audit/repository.js';
import { enqueueEmail, listEmailsFor } from '../notifications/repository.js';
import { type EmailEvent, renderEmail } from '../notifications/templates.js';
import type { OutboxWorker } from '../notifications/worker.js';
import { type DocumentUpload, prepareDocuments } from './documents.js';
import { renderCopyPdf } from './pdf.js';
import * as repo from './repository.js';
import { copyVerification } from './verification.js';

export interface ApplicantFileContext {
  db: Db;
  urls: UrlSigner;
  storage: Storage;
  outbox: OutboxWorker;
  log: FastifyBaseLogger;
  timeZone: string;
  publicUrl: string;
}

export interface Actor {
  _id: string;
}

/** Audit entity and actions; the history view names each of them. */
export const AUDIT_ENTITY = 'application';
export const AUDIT_ACTIONS = {
  status: 'application.status',
  documentsAdd: 'application.documents.add',
  documentsRemove: 'application.documents.remove',
} as const;

const notFound = () => new HttpError(404, M.applicationNotFound);

async function loadApplication(ctx: ApplicantFileContext, id: string): Promise<Application> {
  const application = await getApplication(ctx.db, ctx.urls, id);
  if (!application) throw notFound();
  return application;
}

const recipientOf = (row: ApplicationRow) => ({ reference: row.id, surname: row.surname, givenN: row.given_name });

async function queueApplicantEmail(db: Db, ctx: ApplicantFileContext, row: ApplicationRow, event: EmailEvent): Promise<void> {
  const content = renderEmail(recipientOf(row), event, ctx.publicUrl);
  await enqueueEmail(db, { applicationId: row.id, to: row.email, ...content });
}

/** Column changes of each action (ADR 0008). */
function statusPatch(to: ApplicationStatus, date: string) {
  switch (to) {
    // Back to pending: the collect date is (re)set and an earlier approval date no longer holds.
    case 'pending':
      return { status: to, pending_date: date, approve_date: null };
    // The collect date set while pending stays: it is when the visa can be collected.
    case 'approved':
      return { status: to, approve_date: date };
    // A rejected application has no approval date; the history keeps the old one.
    case 'rejected':
      return { status: to, approve_date: null };
  }
}

/**
 * Pending, Approve or Reject. The status UPDATE (conditional on the status we read), the audit
 * event and the applicant's email are one transaction, so history and state always agree and an
 * email exists exactly for each change that happened. Sending happens later; an SMTP failure can
 * never undo or fail the action.
 */
export async function changeStatus(
  ctx: ApplicantFileContext,
  actor: Actor,
  id: string,
  action: StatusAction,
  requestedDate: string | undefined,
): Promise<Application> {
  const row = await findApplicationRow(ctx.db, id);
  if (!row) throw notFound();
  const to = STATUS_ACTIONS[action].status;
  if (row.status === to) throw conflict(M.alreadyInStatus(to));

  // Reject carries no date; a date sent with it is ignored rather than refused (spec: payload not shown).
  const date = to === 'rejected' ? null : (requestedDate ?? todayIn(ctx.timeZone));
  const patch = statusPatch(to, date ?? '');
  const changed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.updateStatusIf(trx, id, row.status, patch))) return false;
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.status,
      entity: AUDIT_ENTITY,
      entityId: id,
      details: { from: row.status, to, date },
    });
    await queueApplicantEmail(trx, ctx, row, { kind: 'status', status: to, date });
    return true;
  });
  if (!changed) {
    // Someone else changed (or deleted) it between our read and our write.
    if (!(await repo.applicationExists(ctx.db, id))) throw notFound();
    throw conflict(M.changedMeanwhile);
  }
  ctx.outbox.kick();
  return loadApplication(ctx, id);
}

async function removeFiles(ctx: ApplicantFileContext, keys: string[]) {
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      // A leftover file is harmless (its key is random and private); the answer must not change.
      ctx.log.warn({ err, key }, 'could not remove a document file');
    }
  }
}

/**
 * Adds documents all-or-nothing: every file is checked first, then all are written to storage,
 * then their rows, audit event and email are committed together. Any failure removes the files
 * already written, so no file is left without a row and no row points at a missing file.
 */
export async function addDocuments(ctx: ApplicantFileContext, actor: Actor, id: string, upload: DocumentUpload): Promise<Application> {
  if (!(await repo.applicationExists(ctx.db, id))) throw notFound();
  const prepared = await prepareDocuments(upload);

  const written: string[] = [];
  const rows: DocumentRow[] = [];
  const now = new Date().toISOString();
  try {
    for (const doc of prepared) {
      const documentId = newId();
      const key = `private/doc-${documentId}.jpg`;
      await ctx.storage.put(key, doc.bytes, doc.contentType);
      written.push(key);
      rows.push({
        id: documentId,
        application_id: id,
        storage_key: key,
        label: doc.label,
        content_type: doc.contentType,
        size: doc.bytes.length,
        position: 0,
        created_at: now,
      });
    }
    await ctx.db.transaction().execute(async (trx) => {
      const row = await findApplicationRow(trx, id);
      if (!row) throw notFound();
      const { count, nextPosition } = await repo.documentCounts(trx, id);
      if (count + rows.length > MAX_DOCUMENTS) throw conflict(M.documentLimitReached);
      rows.forEach((r, i) => (r.position = nextPosition + i));
      await repo.insertDocumentRows(trx, rows);
      await recordAudit(trx, {
        actorUserId: actor._id,
        action: AUDIT_ACTIONS.documentsAdd,
        entity: AUDIT_ENTITY,
        entityId: id,
        details: { documents: rows.map((r, i) => ({ _id: r.id, label: r.label, name: prepared[i]!.filename })) },
      });
      await queueApplicantEmail(trx, ctx, row, { kind: 'documents', labels: prepared.map((d) => d.label) });
    });
  } catch (err) {
    await removeFiles(ctx, written);
    throw err;
  }
  ctx.outbox.kick();
  return loadApplication(ctx, id);
}

/** Removes one wrongly uploaded document: row and audit first, the file once nothing points at it. */
export async function removeDocument(ctx: ApplicantFileContext, actor: Actor, id: string, documentId: string): Promise<Application> {
  const removed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.applicationExists(trx, id))) throw notFound();
    const doc = await repo.findDocumentRow(trx, id, documentId);
    if (!doc || !(await repo.deleteDocumentRow(trx, documentId))) throw new HttpError(404, M.documentNotFound);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.documentsRemove,
      entity: AUDIT_ENTITY,
      entityId: id,
      details: { documentId, label: doc.label },
    });
    return doc;
  });
  await removeFiles(ctx, [removed.storage_key]);
  return loadApplication(ctx, id);
}

export async function getHistory(ctx: ApplicantFileContext, id: string): Promise<ApplicationHistory> {
  if (!(await repo.applicationExists(ctx.db, id))) throw notFound();
  const [history, emails] = await Promise.all([listAuditFor(ctx.db, AUDIT_ENTITY, id), listEmailsFor(ctx.db, id)]);
  return { history, emails };
}

/** The applicant copy as a PDF, with a file name staff can recognise in their downloads. */
export async function copyPdf(ctx: ApplicantFileContext, id: string): Promise<{ bytes: Buffer; filename: string }> {
  const row = await findApplicationRow(ctx.db, id);
  if (!row) throw notFound();
  const documents = await listDocumentRows(ctx.db, id);
  const bytes = await renderCopyPdf({
    application: toApplication(row, documents, ctx.urls),
    photoKey: row.image_key,
    documents,
    storage: ctx.storage,
    verification: copyVerification(ctx.publicUrl),
    printedOn: todayIn(ctx.timeZone),
  });
  const safeName = `${row.surname}-${row.given_name}`
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return { bytes, filename: `applicants-copy-${safeName || 'applicant'}-${row.passport}.pdf` };
}
