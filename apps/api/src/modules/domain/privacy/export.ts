import { Readable } from 'node:stream';
import { APPLICANT_FILE_TEXTS } from '@visa/shared/applicant-file';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionLabel } from '@visa/shared/audit-actions';
import { type CaseView, LETTER_LABELS, STEP_LABELS, stageLabel } from '@visa/shared/case-work';
import { type PassportCustody } from '@visa/shared/passport-custody';
import { LIMITS } from '@visa/shared/limits';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError } from '../../../lib/http-error.js';
import type { Actor } from '../../../plugins/auth.js';
import { getApplication } from '../applications/repository.js';
import { listAuditFor, recordAudit } from '../../kernel/audit/repository.js';
import { listEmailsFor } from '../applicant-notices/outbox-status-repository.js';
import { passportCustody } from '../case-work/custody.js';
import { getCase } from '../case-work/service.js';
import { moneyForApplicant } from '../money-reports/applicant-money.js';
import * as repo from './repository.js';

const { downloadsPerStaff: DOWNLOADS } = LIMITS.personalData;

/** A file name anyone's unzip accepts: letters, digits and dashes only. */
const safeFileName = (text: string) =>
  text
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '') || 'file';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };
const extensionOf = (contentType: string, key: string) => EXTENSIONS[contentType] ?? key.split('.').pop() ?? 'bin';

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * The case as the applicant's own data (ADR 0083): the stage, the IRCC number, each letter with its
 * dates and deadline, and the timeline's steps with their stage and date, each named in words.
 * Where their passport is and each handover of it (ADR 0082) are theirs too.
 * Which member of staff did what is the office's, not the applicant's, and stays out.
 */
function caseForApplicant(kase: CaseView, passport: PassportCustody) {
  const stageName = (key: string) => stageLabel(key, kase);
  return {
    stage: kase.stage,
    stageName: stageName(kase.stage),
    irccNumber: kase.irccNumber,
    letters: kase.letters.map((l) => ({
      kind: l.kind,
      what: LETTER_LABELS[l.kind],
      letterDate: l.letterDate,
      deadline: l.deadline,
      doneOn: l.doneOn,
    })),
    timeline: kase.timeline.map((e) => ({
      kind: e.kind,
      what: (STEP_LABELS as Record<string, string | undefined>)[e.kind] ?? e.kind,
      stage: e.stage,
      stageName: stageName(e.stage),
      date: e.date,
    })),
    passport: {
      holder: passport.holder,
      handovers: passport.handovers.map((h) => ({ from: h.from, to: h.to, date: h.date, counterpart: h.counterpart, note: h.note })),
    },
  };
}

export interface ApplicantDataZip {
  filename: string;
  stream: Readable;
}

/**
 * Everything the office holds about one applicant, for access and portability requests (ADR
 * 0053): the record, its history and emails, the consent and the case as JSON, the photo and each document
 * under its label, and their money: the ledger's entries and the receipts (ADR 0092). The files are read from storage one at a time as the ZIP is written, so a file
 * with many large documents never sits in memory. Counted per member of staff, and audited before
 * the first byte goes out.
 */
export async function applicantDataZip(ctx: AppContext, actor: Actor, applicationId: string): Promise<ApplicantDataZip> {
  await ctx.rateLimiter.hit(ctx.rateLimiter.key('personal-data-download', actor._id), DOWNLOADS.limit, DOWNLOADS.windowMs);
  const [application, files, consent] = await Promise.all([
    getApplication(ctx.db, ctx.urls, applicationId),
    repo.listStoredFiles(ctx.db, applicationId),
    repo.findPrivacyConsent(ctx.db, applicationId),
  ]);
  if (!application || !files || !consent) throw new HttpError(404, APPLICANT_FILE_TEXTS.applicationNotFound);
  const [history, emails, notices, kase, passport, money] = await Promise.all([
    listAuditFor(ctx.db, AUDIT_ENTITIES.application, applicationId),
    listEmailsFor(ctx.db, applicationId),
    consent.version === null ? Promise.resolve([]) : repo.listPrivacyNotices(ctx.db),
    getCase(ctx, applicationId),
    passportCustody(ctx, applicationId),
    moneyForApplicant(ctx.db, applicationId),
  ]);

  // Signed links are left out: they would open the files for a while to whoever holds the ZIP.
  const { image: _image, thumbnail: _thumbnail, file1: _file1, file1PublicId: _ids, documents: _documents, ...record } = application;
  const photo = files.photoKey ? { key: files.photoKey, name: `photo.${extensionOf('', files.photoKey)}` } : null;
  const documents = files.documents.map((doc, index) => ({
    key: doc.key,
    label: doc.label,
    name: `documents/${String(index + 1).padStart(2, '0')}-${safeFileName(doc.label)}.${extensionOf(doc.contentType, doc.key)}`,
  }));
  const wanted = [...(photo ? [photo] : []), ...documents];
  const held = await Promise.all(wanted.map((file) => ctx.storage.exists(file.key)));
  const present = wanted.filter((_file, index) => held[index]);
  const missing = wanted.filter((_file, index) => !held[index]).map((file) => file.name);

  await recordAudit(ctx.db, {
    actorUserId: actor._id,
    action: AUDIT_ACTIONS.privacy.dataDownloaded,
    entity: AUDIT_ENTITIES.application,
    entityId: applicationId,
    details: { documents: documents.length, photo: photo !== null },
  });

  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  const mtime = clockOf(ctx)();
  zip.addBuffer(
    json({
      ...record,
      photo: photo?.name ?? null,
      documents: documents.map((d) => ({ label: d.label, file: d.name })),
      missingFiles: missing,
    }),
    'record.json',
    { mtime },
  );
  // Each entry says what happened in words beside its stored key: the applicant reads this file.
  const described = history.map((event) => ({ ...event, what: auditActionLabel(event.action) }));
  zip.addBuffer(json({ history: described, emails }), 'history.json', { mtime });
  const agreed = notices.find((notice) => notice.version === consent.version) ?? null;
  zip.addBuffer(json({ ...consent, notice: agreed }), 'consent.json', { mtime });
  zip.addBuffer(json(caseForApplicant(kase, passport)), 'case.json', { mtime });
  zip.addBuffer(json(money), 'money.json', { mtime });
  for (const file of present) {
    zip.addReadStreamLazy(file.name, { mtime }, (done) => {
      ctx.storage.get(file.key).then(
        // Removed in the moment since it was found: an empty entry rather than a ZIP broken half-way.
        (stored) => done(null, stored ? stored.body : Readable.from([])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }
  zip.end();
  return { filename: `applicant-data-${applicationId}.zip`, stream: zip.outputStream as Readable };
}
