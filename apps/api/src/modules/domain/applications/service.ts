import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import {
  type Application,
  type ApplicationExportQuery,
  type ApplicationInput,
  ApplicationInputSchema,
  type ApplicationListQuery,
  type ApplicationStats,
  ApplicationUpdateSchema,
} from '@visa/shared/applications';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { ALLOWED_IMAGE_EXTENSIONS, IMAGE_MAX_BYTES_ADD, IMAGE_MAX_BYTES_EDIT } from '@visa/shared/constants';
import { addDays, dayStartIn, todayIn } from '@visa/shared/dates';
import { VALIDATION } from '@visa/shared/ui-texts';
import { DEFAULT_NOTIFY, type NotifyChannel, NotifyFieldSchema, NOTICE_FORM_TEXTS } from '@visa/shared/notices';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connection.js';
import { isUniqueViolation, nowIso } from '../../../db/connection.js';
import type { ApplicationRow } from '../../../db/schema-applications.js';
import { HttpError, conflict, invalidInput, notFound } from '../../../lib/http-error.js';
import { clockOf } from '../../../lib/clock.js';
import { newId } from '../../../lib/ids.js';
import { ImageDecodeError, ImageTooManyPixelsError, ImageTypeError, type PreparedPhoto, preparePhoto } from '../../../lib/images.js';
import type { Actor } from '../../../plugins/auth.js';
import { removeStoredFiles } from '../../../infra/storage/remove.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { recordAgreedChannels } from '../applicant-notices/channel-agreements-repository.js';
import { CSV_COLUMNS, csvHeader, csvRow } from './csv.js';
import { auditIntakeConsent, intakeConsent } from './intake-consent.js';
import type { UploadedFile } from '../../../plugins/uploads.js';
import type { ApplicationForm } from './form.js';
import { fieldsOf, inputColumns } from './mapping.js';
import * as counts from './counts-repository.js';
import { iterateApplicationRows } from './export-repository.js';
import { decodeCursor, listApplications } from './paging-repository.js';
import * as repo from './repository.js';
import { toApplication } from './rows.js';

/** The add and edit forms' rules, in their order (docs/product.md#application-form). */
function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  throw invalidInput(result.error);
}

/**
 * A refusal about one field of the form names it in `errors`, so the form can show the message
 * under that field (docs/product.md#api-conventions).
 */
const fieldError = (status: number, field: string, message: string) => new HttpError(status, message, [{ path: field, message }]);

async function assertUnique(db: Db, email: string, passport: string, exceptId?: string) {
  const taken = await repo.findDuplicates(db, email, passport, exceptId);
  if (taken.email) throw fieldError(409, 'email', VALIDATION.emailTaken);
  if (taken.passport) throw fieldError(409, 'passport', VALIDATION.passportTaken);
}

/** Whether an email or a passport is already another application's: the form asks as it is filled in. */
export async function checkAvailability(ctx: AppContext, query: { email: string; passport: string; exceptId?: string }) {
  const { email, passport, exceptId } = query;
  const taken = await repo.findDuplicates(ctx.db, email, passport, exceptId);
  return { emailTaken: Boolean(email) && taken.email, passportTaken: Boolean(passport) && taken.passport };
}

/** One application, for a page opened without it (a reload of the edit or view page); 404 when it is gone. */
export async function fetchApplication(ctx: AppContext, id: string) {
  const application = await repo.getApplication(ctx.db, ctx.urls, id);
  if (!application) throw notFound();
  return application;
}

/** Maps a unique-index failure to the form's message; the index, not the read above, is what settles a race. */
function rethrowDuplicate(err: unknown): never {
  if (isUniqueViolation(err, 'email')) throw fieldError(409, 'email', VALIDATION.emailTaken);
  if (isUniqueViolation(err, 'passport')) throw fieldError(409, 'passport', VALIDATION.passportTaken);
  throw err;
}

/**
 * A name that says another type (photo.pdf) is refused even when the bytes are a PNG: the form's
 * rule is about the file type the person chose, and the bytes alone must also be JPEG or PNG.
 */
const hasImageName = (filename: string) => {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return true;
  return (ALLOWED_IMAGE_EXTENSIONS as readonly string[]).includes(filename.slice(dot + 1).toLowerCase());
};

async function processPhoto(file: UploadedFile, limits: { tooLarge: string; wrongType: string }): Promise<PreparedPhoto> {
  if (file.tooLarge) throw fieldError(413, 'image', limits.tooLarge);
  if (!hasImageName(file.filename)) throw fieldError(415, 'image', limits.wrongType);
  try {
    return await preparePhoto(file.bytes);
  } catch (err) {
    if (err instanceof ImageTypeError) throw fieldError(415, 'image', limits.wrongType);
    if (err instanceof ImageTooManyPixelsError) throw fieldError(413, 'image', APPLICATION_TEXTS.imageTooManyPixels);
    if (err instanceof ImageDecodeError) throw fieldError(415, 'image', APPLICATION_TEXTS.imageUnreadable);
    throw err;
  }
}

interface StoredPhoto {
  imageKey: string;
  thumbKey: string;
}

/** Random keys, never derived from the uploaded file's name. */
const randomKey = (ext: string) => `private/${randomBytes(16).toString('hex')}.${ext}`;

/** Writes a prepared photo and its thumbnail; the add and edit routes and the import's files step store photos only through here. */
export async function storePhoto(ctx: AppContext, prepared: PreparedPhoto): Promise<StoredPhoto> {
  const stored = { imageKey: randomKey(prepared.photo.ext), thumbKey: randomKey(prepared.thumbnail.ext) };
  try {
    await ctx.storage.put(stored.imageKey, prepared.photo.bytes, prepared.photo.contentType);
    await ctx.storage.put(stored.thumbKey, prepared.thumbnail.bytes, prepared.thumbnail.contentType);
  } catch (err) {
    await removeStoredFiles(ctx.storage, [stored.imageKey, stored.thumbKey], ctx.log);
    throw err;
  }
  return stored;
}

/** The `notify` field, when the form sent one (ADR 0044). */
function parseNotify(fields: Record<string, string>): NotifyChannel[] | undefined {
  if (fields.notify === undefined) return undefined;
  const result = NotifyFieldSchema.safeParse(fields.notify);
  if (result.success) return result.data;
  throw fieldError(400, 'notify', NOTICE_FORM_TEXTS.invalidNotify);
}

export async function addApplication(ctx: AppContext, actor: Actor, form: ApplicationForm): Promise<Application> {
  // The form's order (docs/product.md#application-form): field rules (1–5), duplicates (6–7),
  // image size (8), image present (9).
  const input = parseFields(ApplicationInputSchema, form.fields);
  const notify = parseNotify(form.fields) ?? DEFAULT_NOTIFY;
  await assertUnique(ctx.db, input.email, input.passport);
  if (form.image?.tooLarge) throw fieldError(413, 'image', VALIDATION.imageTooLargeAdd);
  if (!form.image) throw fieldError(400, 'image', APPLICATION_TEXTS.imageRequired);
  const prepared = await processPhoto(form.image, { tooLarge: VALIDATION.imageTooLargeAdd, wrongType: VALIDATION.imageTypeEdit });
  const now = nowIso();
  const consent = await intakeConsent(ctx.db, form.fields, actor, now);

  // File first, row second: a failed insert removes the file, so no row points at a missing file
  // and no file outlives its failed request.
  const stored = await storePhoto(ctx, prepared);
  const row: ApplicationRow = {
    id: newId(),
    ...inputColumns(input),
    image_key: stored.imageKey,
    thumb_key: stored.thumbKey,
    status: 'pending',
    pending_date: todayIn(ctx.config.APP_TIMEZONE),
    approve_date: null,
    is_admin: 0,
    created_by: actor._id,
    created_at: now,
    updated_at: now,
    ...consent,
    consent_withdrawn_at: null,
    anonymised_at: null,
    stage: 'preparing',
    ircc_number: null,
    passport_holder: 'applicant',
    passport_handover_id: null,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.insertApplicationRow(trx, row);
      await recordAudit(trx, {
        actorUserId: actor._id,
        action: AUDIT_ACTIONS.application.create,
        entity: AUDIT_ENTITIES.application,
        entityId: row.id,
        details: { fields: Object.keys(input), image: true },
      });
      await recordAgreedChannels(trx, row.id, notify, actor._id, new Date(now), true);
      await auditIntakeConsent(trx, row.id, actor, consent.consent_version);
    });
  } catch (err) {
    await removeStoredFiles(ctx.storage, [stored.imageKey, stored.thumbKey], ctx.log);
    rethrowDuplicate(err);
  }
  return { ...toApplication(row, [], ctx.urls), notify };
}

/** API field names whose value differs: what the audit records (never the values themselves). */
function changedFields(before: ApplicationRow, after: ApplicationInput): string[] {
  const fields = Object.keys(after) as (keyof ApplicationInput)[];
  const old = fieldsOf(before, fields);
  // Compared as stored: a country written as a name or demonym is stored as its code (ADR 0024).
  const next = fieldsOf(inputColumns(after) as ApplicationRow, fields);
  return fields.filter((field) => old[field] !== next[field]);
}

export async function updateApplication(ctx: AppContext, actor: Actor, id: string, form: ApplicationForm): Promise<Application> {
  const existing = await repo.findApplicationRow(ctx.db, id);
  if (!existing) throw notFound();
  // Personal data put back into an erased record would be kept against the retention rules.
  if (existing.anonymised_at) throw conflict(APPLICATION_TEXTS.erased);
  const parsed = parseFields(ApplicationUpdateSchema, form.fields);
  // A client that does not send the visa type (the earlier app's) leaves it as it is.
  const input = { ...parsed, visaType: parsed.visaType ?? existing.visa_type };
  const notify = parseNotify(form.fields);
  await assertUnique(ctx.db, input.email, input.passport, id);
  const prepared = form.image
    ? await processPhoto(form.image, { tooLarge: VALIDATION.imageTooLargeEdit, wrongType: VALIDATION.imageTypeEdit })
    : null;

  const stored = prepared ? await storePhoto(ctx, prepared) : null;
  const fields = changedFields(existing, input);
  try {
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const ok = await repo.updateApplicationRow(trx, id, {
        ...inputColumns(input),
        ...(stored ? { image_key: stored.imageKey, thumb_key: stored.thumbKey } : {}),
      });
      if (!ok) return false;
      await recordAudit(trx, {
        actorUserId: actor._id,
        action: AUDIT_ACTIONS.application.update,
        entity: AUDIT_ENTITIES.application,
        entityId: id,
        details: { fields, image: Boolean(stored) },
      });
      if (notify) await recordAgreedChannels(trx, id, notify, actor._id, new Date(), false);
      return true;
    });
    // Deleted, or erased, by someone else between our read and our write.
    if (!updated) throw (await repo.findApplicationRow(ctx.db, id)) ? conflict(APPLICATION_TEXTS.erased) : notFound();
  } catch (err) {
    if (stored) await removeStoredFiles(ctx.storage, [stored.imageKey, stored.thumbKey], ctx.log);
    rethrowDuplicate(err);
  }
  // The old photo goes only once the row no longer points at it.
  if (stored) await removeStoredFiles(ctx.storage, [existing.image_key, existing.thumb_key], ctx.log);
  const application = await repo.getApplication(ctx.db, ctx.urls, id);
  if (!application) throw notFound();
  return application;
}

export async function deleteApplication(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const keys = await ctx.db.transaction().execute(async (trx) => {
    const removed = await repo.deleteApplicationRow(trx, id);
    if (!removed) return undefined;
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.application.delete,
      entity: AUDIT_ENTITIES.application,
      entityId: id,
      details: { files: removed.length },
    });
    return removed;
  });
  if (!keys) throw notFound();
  await removeStoredFiles(ctx.storage, keys, ctx.log);
}

export async function listApplicationsPage(ctx: AppContext, query: ApplicationListQuery) {
  const { cursor, dueWithin, ...rest } = query;
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  if (cursor !== undefined && !after) throw fieldError(400, 'cursor', APPLICATION_TEXTS.invalidCursor);
  // "Within N days" counts from today where the office is, by the injectable clock.
  const dueBy = dueWithin === undefined ? undefined : addDays(todayIn(ctx.config.APP_TIMEZONE, clockOf(ctx)()), dueWithin);
  const { applications, total, totalCapped, nextCursor } = await listApplications(ctx.db, ctx.urls, { ...rest, dueBy, after });
  return { applications, totalApplication: total, totalPages: Math.ceil(total / query.limit), page: query.page, totalCapped, nextCursor };
}

/** The CSV of a search (and status), written in batches; a UTF-8 BOM first so spreadsheet programs read Bengali names correctly. */
export async function* exportApplicationsCsv(ctx: AppContext, actor: Actor, query: ApplicationExportQuery): AsyncGenerator<string> {
  await recordAudit(ctx.db, {
    actorUserId: actor._id,
    action: AUDIT_ACTIONS.application.export,
    entity: AUDIT_ENTITIES.application,
    entityId: null,
    // Whether it was narrowed by a search, not the term: a term is a passport number or a name (ADR 0052).
    details: { searched: Boolean(query.search), ...(query.status ? { status: query.status } : {}) },
  });
  yield `\uFEFF${csvHeader()}`;
  for await (const rows of iterateApplicationRows(ctx.db, query, CSV_COLUMNS)) {
    let chunk = '';
    for (const row of rows) chunk += csvRow(row);
    yield chunk;
  }
}

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

const STATS_MONTHS = 12;

/** The UTC instant (ISO) at which a calendar month starts in a zone. */
const monthStartUtc = (year: number, month: number, timeZone: string) =>
  dayStartIn(`${year}-${String(month).padStart(2, '0')}-01`, timeZone).toISOString();

/** The last `count` months in a zone, oldest first, each with its UTC range. */
function recentMonths(timeZone: string, count: number, now = new Date()) {
  const [y, m] = todayIn(timeZone, now).split('-').map(Number) as [number, number];
  const months: { month: string; from: string; to: string }[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
    const [nextYear, nextMonth] = [Math.floor((index + 1) / 12), ((index + 1) % 12) + 1];
    months.push({
      month: `${year}-${String(month).padStart(2, '0')}`,
      from: monthStartUtc(year, month, timeZone),
      to: monthStartUtc(nextYear, nextMonth, timeZone),
    });
  }
  return months;
}

export async function applicationStats(ctx: AppContext): Promise<ApplicationStats> {
  return counts.applicationStats(ctx.db, recentMonths(ctx.config.APP_TIMEZONE, STATS_MONTHS));
}

export const IMAGE_LIMITS = { add: IMAGE_MAX_BYTES_ADD, edit: IMAGE_MAX_BYTES_EDIT } as const;
