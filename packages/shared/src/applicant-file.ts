import { z } from 'zod';
import type { ApiKey } from './api-paths.js';
import type { Application } from './applications.js';
import { type ApplicationStatus, BRAND_NAME, DOCUMENT_LABELS, statusLabel } from './constants.js';
import { formatDate, isIsoDate } from './dates.js';
import { FIELD_LABELS as L } from './field-labels.js';
import { IdSchema } from './id-schema.js';
import { formatPhone } from './phone.js';

/**
 * The applicant file: status actions, documents, history and email deliveries of one application
 * (docs/product.md#api-applicant-file). Shapes and messages shared by the API and the applicant view.
 */

/** The three PUT actions, the status each one sets (ADR 0008) and its route in the route table. */
export const STATUS_ACTIONS = {
  pending: { status: 'pending', route: 'setStatusPending', verb: 'pending', gerund: 'pending' },
  approve: { status: 'approved', route: 'setStatusApprove', verb: 'approve', gerund: 'approving' },
  reject: { status: 'rejected', route: 'setStatusReject', verb: 'reject', gerund: 'rejecting' },
} as const satisfies Record<string, { status: ApplicationStatus; route: ApiKey; verb: string; gerund: string }>;
export type StatusAction = keyof typeof STATUS_ACTIONS;

/** How many documents one upload may carry; an application may have at most MAX_DOCUMENTS in all. */
export const MAX_DOCUMENTS_PER_UPLOAD = 10;
export const MAX_DOCUMENTS = 50;
/** Documents are scans of paper: keep them legible when printed (A4 at 300 dpi is 2480 px wide). */
export const DOCUMENT_LONGEST_SIDE = 2480;

/** The multipart field names of PUT updateApplicationAdd/{id}: `file1` files, one `label` per file in the same order. */
export const DOCUMENT_FILE_FIELD = 'file1';
export const DOCUMENT_LABEL_FIELD = 'label';

/** Dates staff may give to a status action: a real calendar day this century. */
const STATUS_DATE_MIN = '2000-01-01';
const STATUS_DATE_MAX = '2099-12-31';

export const APPLICANT_FILE_TEXTS = {
  alreadyInStatus: (status: ApplicationStatus) => `This application is already ${status}.`,
  changedMeanwhile: 'This application was changed by someone else a moment ago. Please reload it and try again.',
  invalidDate: 'Please enter a valid date.',
  dateBeforeCreated: 'The date cannot be before the day the application was added.',
  dateInFuture: 'The date cannot be in the future.',
  noDocuments: 'Please choose at least one document to upload.',
  labelsMismatch: 'Please choose a label for each document.',
  unknownLabel: `Please choose a document label: ${DOCUMENT_LABELS.join(', ')}.`,
  tooManyDocuments: `You can upload at most ${MAX_DOCUMENTS_PER_UPLOAD} documents at a time.`,
  documentLimitReached: `An application can hold at most ${MAX_DOCUMENTS} documents. Please remove some first.`,
  documentUnreadable: (file: string) => `The file ${file} could not be read as an image. Please scan it again as JPEG or PNG.`,
  unexpectedField: 'The upload contains an unexpected field. Send documents as file1 with a label for each.',
  notMultipart: 'Please send the documents as multipart/form-data.',
  malformedUpload: 'The upload could not be read. Please try again.',
  documentNotFound: 'This document does not exist (it may have been removed already).',
  applicationNotFound: 'Application not found. It may have been deleted.',
} as const;

/** The applicant file's documents and PDF (ADR 0026): what staff read after each step. */
export const DOCUMENT_TEXTS = {
  chooseLabel: 'Please choose a label for each document.',
  timeout: 'The upload took longer than 10 seconds. Please try again with fewer or smaller files.',
  error: 'Error uploading documents. Please try again.',
  uploaded: (n: number) => (n === 1 ? 'Document uploaded.' : `${n} documents uploaded.`),
  removed: 'Document removed.',
  removeError: 'Error removing the document. Please try again.',
  pdfError: 'Error creating the PDF. Please try again.',
} as const;

/** What staff read once a status action succeeded, one sentence per action. */
export const STATUS_CHANGED = {
  pending: 'Application set to pending.',
  approve: 'Application approved.',
  reject: 'Application rejected.',
} as const;

/** The applicant file's history panel: its states and one sentence per recorded event. */
/** Why the retention run erased an application, as the history says it (ADR 0052). */
const ERASED_BECAUSE: Record<string, string> = {
  rejected: 'refused, past its retention window',
  approved: 'approved, past its retention window after collection',
  pending: 'pending and untouched, past its retention window',
  withdrawn: 'consent withdrawn',
  'erasure-log': 'erased again after a restore',
};

export const HISTORY_TEXTS = {
  loadError: 'Error loading the history. Please try again.',
  empty: 'Nothing has happened to this application yet.',
  noEmails: 'No emails have been sent to the applicant yet.',
  created: 'Application created',
  /** Who did it, when the history names no member of staff. */
  systemActor: 'System',
  edited: (parts: string[]) => `Details edited: ${parts.join(', ')}`,
  savedUnchanged: 'Details saved without changes',
  statusChanged: (from: string | null, to: string | null, dateNote: string | null) =>
    `Status changed${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}${dateNote ? ` (${dateNote})` : ''}`,
  documentsAdded: (list: string[]) => `${list.length === 1 ? 'Document' : 'Documents'} added: ${list.join(', ')}`,
  documentRemoved: (label: string) => `Document removed: ${label}`,
  emailSent: (toFolder: boolean, subject: string) =>
    `Email ${toFolder ? 'written to the outbox folder' : 'sent to the applicant'}: ${subject}`,
  emailFailed: (attempts: string, subject: string) => `Email could not be delivered after ${attempts} attempts: ${subject}`,
  attemptFailed: (attempt: number, nextTry: string) => `Attempt ${attempt} failed; next try ${nextTry}`,
  gaveUp: (attempts: number) => `Gave up after ${attempts} attempts`,
  importFileStored: (what: string, name: string) => `${what} brought in from the earlier app${name ? ` (${name})` : ''}`,
  importFileMissing: (what: string, name: string, reason: string) =>
    `${what} from the earlier app is missing${name ? ` (${name})` : ''}: ${reason}`,
  /** Personal data removed (ADR 0052): by a retention rule, the erasure log after a restore, or a super-admin. */
  erasedByRetention: (rule: string) => `Personal data anonymised: ${ERASED_BECAUSE[rule] ?? rule}`,
  erasedNow: (reason: string) => `Personal data erased${reason ? `: ${reason}` : ''}`,
} as const;

/** What the history calls an imported file by its field in the earlier app: `image`, or `file1` … `file6`. */
export function importedFileName(field: string): string {
  const document = /^file(\d+)$/.exec(field);
  return document ? `Document ${document[1]}` : 'Photo';
}

export const StatusDateSchema = z
  .string({ error: APPLICANT_FILE_TEXTS.invalidDate })
  .refine((v) => isIsoDate(v) && v >= STATUS_DATE_MIN && v <= STATUS_DATE_MAX, APPLICANT_FILE_TEXTS.invalidDate);

/** Body of the three status actions: optional `{date}` (docs/product.md#api-applicant-file); no body at all is fine too. */
export const StatusActionBodySchema = z
  .object({ date: StatusDateSchema.optional() })
  .nullish()
  .transform((v) => v ?? {});

export const DocumentParamsSchema = z.object({ id: IdSchema, documentId: IdSchema });

export const HistoryEventSchema = z.object({
  _id: z.string(),
  action: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type HistoryEvent = z.infer<typeof HistoryEventSchema>;

export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EmailDeliverySchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailDelivery = z.infer<typeof EmailDeliverySchema>;

export const ApplicationHistorySchema = z.object({
  history: z.array(HistoryEventSchema),
  emails: z.array(EmailDeliverySchema),
});
export type ApplicationHistory = z.infer<typeof ApplicationHistorySchema>;

/** What every printed copy carries: where anyone can check the status, as text and as a QR code. */
export const CopyVerificationSchema = z.object({
  url: z.string(),
  /** QR modules as one SVG path in a `size` × `size` box (quiet zone included). */
  qr: z.object({ size: z.number(), path: z.string() }),
});
export type CopyVerification = z.infer<typeof CopyVerificationSchema>;

/** The copy's own words, the same on the page and in the PDF. */
export const COPY_TEXT = {
  brand: BRAND_NAME.en,
  title: (status: ApplicationStatus) => `Applicants Copy (${statusLabel(status)})`,
  /** The PDF's own title and subject, shown by PDF readers in the window title and file properties. */
  fileTitle: (name: string) => `Applicants Copy - ${name}`,
  fileSubject: (id: string) => `Reference ${id}`,
  referenceNo: (id: string) => `Reference No. ${id}`,
  noPhoto: 'No photo',
  checkTitle: 'Check this application',
  checkHow: (url: string) => `scan the code or open ${url} and enter the passport number, nationality and date of birth.`,
  printedOn: (date: string) => `Printed on ${formatDate(date)}.`,
  documentHeading: (index: number, total: number, label: string) => `Document ${index + 1} of ${total}: ${label}`,
  noDocuments: 'No documents yet.',
  documentMissing: 'This document file is missing.',
} as const;

/** Kept here too for the PDF and the tests; constants.ts owns it, so pages can show it without these schemas. */
export { statusLabel } from './constants.js';

/**
 * The sections of the applicant copy, in order: one list for the web view and the PDF (ADR 0012).
 * The application already names its countries in English (ADR 0035), as the copy does.
 */
export function copySections(a: Application, stage?: string): { title: string; rows: [string, string][] }[] {
  return [
    {
      title: 'A. Personal Particulars',
      rows: [
        [L.surname, a.surname],
        [L.givenN, a.givenN],
        [L.sex, a.sex],
        [L.dob, formatDate(a.dob)],
        [L.birthCity, a.birthCity],
        [L.identification, a.identification],
        [L.currentN, a.currentN],
        [L.nationalId, a.nationalId],
      ],
    },
    {
      title: 'B. Company Details',
      rows: [
        [L.company, a.company],
        [L.jobTitle, a.jobTitle],
        [L.dutyDuration, a.dutyDuration],
        [L.salary, a.salary],
      ],
    },
    {
      title: 'C. Passport Details',
      rows: [
        [L.passport, a.passport],
        [L.issuedCountry, a.issuedCountry],
      ],
    },
    {
      title: "D. Applicant's Contact Details",
      rows: [
        [L.phone, formatPhone(a.phone)],
        [L.email, a.email],
      ],
    },
    withStage(statusSection(a), stage),
  ];
}

/** The stage in the office's words (ADR 0083), first in the status's section, when the copy is given it. */
function withStage(section: { title: string; rows: [string, string][] }, stage: string | undefined) {
  return stage ? { ...section, rows: [[COPY_STATUS_TEXT.stage, stage] as [string, string], ...section.rows] } : section;
}

/**
 * What the copy says about the decision, in words that match the status (ADR 0020): the visa dates
 * only once the visa is approved, since "collect" means nothing before that; a pending file says
 * since when and that news comes by email; a rejected one gives the decision without dates.
 */
export const COPY_STATUS_TEXT = {
  datesTitle: 'Visa Dates',
  statusTitle: 'Application Status',
  /** The `pending` date is the day processing began (the day added, or set back to pending), not a day to collect anything. */
  collectDate: 'Processing started',
  approveDate: L.approve,
  notSet: 'Not set',
  status: L.isStatus,
  pendingSince: 'Pending since',
  pending: 'Pending — we will email you when there is news',
  rejected: 'Rejected — please contact our office for advice',
  /** Where the case stands beside the status (ADR 0077). */
  stage: 'Stage',
} as const;

function statusSection(a: Application): { title: string; rows: [string, string][] } {
  const t = COPY_STATUS_TEXT;
  switch (a.isStatus) {
    case 'approved':
      return {
        title: t.datesTitle,
        rows: [
          [t.collectDate, formatDate(a.pending) || t.notSet],
          [t.approveDate, formatDate(a.approve) || t.notSet],
        ],
      };
    case 'pending':
      return {
        title: t.statusTitle,
        rows: [
          [t.status, t.pending],
          [t.pendingSince, formatDate(a.pending) || t.notSet],
        ],
      };
    case 'rejected':
      return { title: t.statusTitle, rows: [[t.status, t.rejected]] };
  }
}
