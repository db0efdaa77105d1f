import { firstNameOf } from '@visa/shared/applications';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { BRAND_NAME } from '@visa/shared/constants';
import { addDays, dayStartIn, todayIn } from '@visa/shared/dates';
import {
  DOCUMENT_REQUEST_TEXTS as M,
  type DocumentsToReview,
  type NewDocumentRequest,
  type PublicDocumentRequest,
  type RequestFileType,
  type RequestItemSpec,
  type SentDocumentRequest,
  type StaffDocumentRequest,
} from '@visa/shared/document-requests';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, badRequest, notFound } from '../../../lib/http-error.js';
import { newId } from '../../../lib/ids.js';
import { documentsLink } from '../../../lib/public-links.js';
import { lastLinkDay, linkBoundOf } from '../../../lib/link-lifetime.js';
import { newSecretToken, sha256 } from '../../../lib/tokens.js';
import type { Actor } from '../../../plugins/auth.js';
import * as applications from '../applications/repository.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { assertMayContact, noticesWithheld } from '../applicant-notices/may-contact.js';
import { notify } from '../applicant-notices/notify.js';
import { dropWaitingLinks } from '../applicant-notices/outbox-repository.js';
import { getSetting } from '../../kernel/settings/repository.js';
import * as repo from './repository.js';

/** Documents by link (ADR 0046): what staff send, what the link opens, and the review. */

const typesOf = (row: repo.DocumentRequestItemRow) => JSON.parse(row.types) as RequestFileType[];

const specOf = (row: repo.DocumentRequestItemRow): RequestItemSpec => ({
  label: { en: row.label_en, bn: row.label_bn },
  required: row.required === 1,
  types: typesOf(row),
  maxBytes: Number(row.max_bytes),
});

/** A link works until the end of its due date plus the office's grace days, in the office's time zone (ADR 0055). */
const linkExpiry = (dueDate: string, graceDays: number, timeZone: string) =>
  dayStartIn(addDays(dueDate, graceDays + 1), timeZone).toISOString();

/** The latest due date whose link, grace days included, stays within LINK_MAX_DAYS (ADR 0065). */
const latestDueDate = (ctx: AppContext, graceDays: number, now: Date) => addDays(lastLinkDay(linkBoundOf(ctx.config), now), -graceDays);

async function loadApplication(ctx: AppContext, id: string) {
  const row = await applications.findApplicationRow(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

/** What staff see on the applicant file: the checklist of the application's visa type and the latest request. */
export async function staffView(ctx: AppContext, applicationId: string): Promise<StaffDocumentRequest> {
  const application = await loadApplication(ctx, applicationId);
  const settings = await getSetting(ctx.db, 'documentRequests');
  const request = await repo.findLatestRequest(ctx.db, applicationId);
  const items = request ? await repo.listItems(ctx.db, request.id) : [];
  return {
    visaType: application.visa_type,
    checklist: settings.checklists[application.visa_type],
    request: request
      ? {
          _id: request.id,
          status: request.end_reason ?? (request.expires_at > clockOf(ctx)().toISOString() ? 'open' : 'expired'),
          dueDate: request.due_date,
          expiresAt: request.ended_at && request.ended_at < request.expires_at ? request.ended_at : request.expires_at,
          createdAt: request.created_at,
          items: items.map((row) => ({
            id: row.id,
            ...specOf(row),
            state: row.state,
            reason: row.reason,
            contentType: row.content_type,
            size: row.size === null ? null : Number(row.size),
            receivedAt: row.received_at,
            fileUrl: row.storage_key ? ctx.urls.sign(row.storage_key) : null,
          })),
        }
      : null,
    latestDueDate: latestDueDate(ctx, settings.graceDays, clockOf(ctx)()),
  };
}

/**
 * Sends a new request: any earlier link of the application stops working, the new token's hash is
 * stored, and the link is queued on each channel the applicant agreed to (the token only in the
 * outbox's secret column), all in one transaction. Besides those channels the link leaves once, in
 * this answer to the member of staff who sent it (ADR 0070): never in an audit row or a log, and
 * never for an applicant erased or withdrawn, who is refused before anything is made.
 */
export async function sendRequest(
  ctx: AppContext,
  actor: Actor,
  applicationId: string,
  input: NewDocumentRequest,
): Promise<SentDocumentRequest> {
  const now = clockOf(ctx)();
  const application = await loadApplication(ctx, applicationId);
  // Nothing more goes to an applicant who withdrew consent or was erased (ADR 0053, ADR 0064): no link either.
  await assertMayContact(ctx.db, applicationId);
  if (input.dueDate < todayIn(ctx.config.APP_TIMEZONE, now)) throw new HttpError(400, M.dueDate, [{ path: 'dueDate', message: M.dueDate }]);
  const settings = await getSetting(ctx.db, 'documentRequests');
  const latest = latestDueDate(ctx, settings.graceDays, now);
  if (input.dueDate > latest) {
    const message = M.dueDateTooLate(latest, ctx.config.LINK_MAX_DAYS, settings.graceDays);
    throw new HttpError(400, message, [{ path: 'dueDate', message }]);
  }
  const checklist = settings.checklists[application.visa_type];
  const picked: RequestItemSpec[] = [];
  for (const id of new Set(input.checklistItems)) {
    const found = checklist.find((item) => item.id === id);
    if (!found) throw new HttpError(400, M.unknownChecklistItem, [{ path: 'checklistItems', message: M.unknownChecklistItem }]);
    picked.push({ label: found.label, required: found.required, types: found.types, maxBytes: found.maxBytes });
  }
  const items = [...picked, ...input.customItems].map((item) => ({ ...item, id: newId(now.getTime()) }));
  const token = newSecretToken();
  const at = now.toISOString();
  const requestId = newId(now.getTime());
  const channels = await ctx.db.transaction().execute(async (trx) => {
    await assertMayContact(trx, applicationId);
    const replaced = await repo.endOpenRequests(trx, applicationId, 'replaced', at);
    await repo.insertRequest(trx, {
      id: requestId,
      applicationId,
      tokenHash: sha256(token),
      dueDate: input.dueDate,
      expiresAt: linkExpiry(input.dueDate, settings.graceDays, ctx.config.APP_TIMEZONE),
      createdBy: actor._id,
      createdAt: at,
      items,
    });
    const { channels } = await notify(trx, ctx, applicationId, {
      kind: 'document-request',
      token,
      dueDate: input.dueDate,
      items: items.map((i) => i.label),
    });
    // Nobody to send the link to: refused, and nothing of the request is kept.
    if (channels.length === 0) throw badRequest(M.noChannel);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.documentRequest.sent,
      entity: AUDIT_ENTITIES.application,
      entityId: applicationId,
      details: { dueDate: input.dueDate, items: items.map((i) => i.label.en), replaced: replaced > 0, channels },
    });
    return channels;
  });
  ctx.outbox.kick();
  return { ...(await staffView(ctx, applicationId)), sent: { channels, link: documentsLink(ctx.config.publicUrl, 'en', token) } };
}

/** Staff end the link now; files already received stay for review. */
export async function revokeRequest(ctx: AppContext, actor: Actor, applicationId: string) {
  await loadApplication(ctx, applicationId);
  const at = clockOf(ctx)().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const ended = await repo.endOpenRequests(trx, applicationId, 'revoked', at);
    if (ended === 0) throw new HttpError(409, M.noRequest);
    await dropWaitingLinks(trx, applicationId, 'link revoked');
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.documentRequest.revoked,
      entity: AUDIT_ENTITIES.application,
      entityId: applicationId,
    });
  });
  return staffView(ctx, applicationId);
}

/** How many files applicants sent that staff have not reviewed yet, and on how many applications: the dashboard's figure and the staff frame's badge. */
export async function documentsToReview(ctx: AppContext): Promise<DocumentsToReview> {
  const { files, applications } = await repo.countToReview(ctx.db);
  return { count: files, applications };
}

/** The request a token opens right now, or the one plain refusal. */
export async function workingRequest(ctx: AppContext, token: string | undefined) {
  const refused = new HttpError(404, M.linkNotValid);
  // A token is 43 base64url characters; anything else cannot match and costs no query.
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw refused;
  const request = await repo.findWorkingRequest(ctx.db, sha256(token), clockOf(ctx)().toISOString());
  // A link of an applicant erased or withdrawn since it was sent opens nothing and takes nothing (ADR 0064).
  if (!request || (await noticesWithheld(ctx.db, request.application_id))) throw refused;
  return request;
}

/** What the applicant's page shows: first name, office, due date and items. Nothing else of the application. */
export async function publicView(ctx: AppContext, request: repo.DocumentRequestRow): Promise<PublicDocumentRequest> {
  const fields = await applications.findApplicationFields(ctx.db, request.application_id, ['givenN']);
  const contact = await getSetting(ctx.db, 'officeContact');
  const items = await repo.listItems(ctx.db, request.id);
  return {
    firstName: firstNameOf(fields?.givenN ?? ''),
    dueDate: request.due_date,
    office: { name: { en: BRAND_NAME.en, bn: BRAND_NAME.bn }, phone: contact.phone, email: contact.email },
    items: items.map((row) => ({ id: row.id, ...specOf(row), state: row.state, reason: row.state === 'asked_again' ? row.reason : null })),
  };
}
