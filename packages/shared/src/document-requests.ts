import { z } from 'zod';
import { DOCUMENT_MAX_BYTES } from './constants.js';
import { formatDate, isIsoDate } from './dates.js';
import { NOTIFY_CHANNELS } from './notice-channels.js';
import { DOCUMENTS_PAGE_TEXTS, LINK_NOT_VALID } from './documents-page.js';

export { DOCUMENTS_PAGE_TEXTS, DOCUMENT_TOKEN_HEADER, LINK_NOT_VALID, UPLOADS_PATH, UPLOAD_ITEM_METADATA } from './documents-page.js';

/**
 * Documents by link (ADR 0046): the checklists per visa type the owner keeps, the request staff
 * send, what the applicant's page shows, and every message of it in English and Bangla.
 */

export const VISA_TYPES = ['Work', 'Visit', 'Student'] as const;
export type VisaType = (typeof VISA_TYPES)[number];
export const DEFAULT_VISA_TYPE: VisaType = 'Work';

/** The types an item may accept; what the bytes are is checked when an upload completes. */
export const REQUEST_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type RequestFileType = (typeof REQUEST_FILE_TYPES)[number];

const MB = 1024 * 1024;
const ITEM_LABEL_MAX = 120;
const REASON_MAX = 300;
const ITEMS_MAX = 30;
/** The longest grace period the owner may set; a link's configured maximum life is always longer. */
export const GRACE_DAYS_MAX = 60;

export const DOCUMENT_REQUEST_TEXTS = {
  labelRequired: 'Please enter the document name in English and Bangla.',
  labelTooLong: `A document name is at most ${ITEM_LABEL_MAX} characters.`,
  typesRequired: 'Please choose at least one accepted file type.',
  maxBytes: `The size limit must be between 1 MB and ${DOCUMENT_MAX_BYTES / MB} MB.`,
  itemsRequired: 'Please choose at least one document to ask for.',
  tooManyItems: `A request asks for at most ${ITEMS_MAX} documents.`,
  unknownChecklistItem: 'That document is not on the checklist of this visa type.',
  dueDate: 'Please enter a due date from today on.',
  /** A link works at most the configured number of days, the grace days after its due date included (ADR 0065). */
  dueDateTooLate: (latest: string, maxDays: number, graceDays: number) =>
    `Please enter a due date no later than ${formatDate(latest)}: a link works at most ${maxDays} days, including the ${graceDays} grace days after its due date.`,
  reasonRequired: 'Please say why the document is needed again.',
  reasonTooLong: `The reason is at most ${REASON_MAX} characters.`,
  noRequest: 'This application has no open document request.',
  noSuchItem: 'There is no such document on the request.',
  notReceived: 'That document has not been received yet.',
  graceDays: `The grace period is a whole number of days from 0 to ${GRACE_DAYS_MAX}.`,
  noChannel:
    'The link cannot reach this applicant: they agreed to no channel that can carry it. Add their email address, or turn on SMS or WhatsApp in Settings → Messages.',
  linkNotValid: LINK_NOT_VALID,
  uploadTooLarge: DOCUMENTS_PAGE_TEXTS.en.tooLarge,
  uploadWrongType: DOCUMENTS_PAGE_TEXTS.en.wrongType,
  uploadNotOpen: 'This document cannot be sent now.',
  uploadAlerts: 'Who is told of new files is either the member of staff who sent the request or every staff account.',
  /** Beside an item of the applicant file whose file was sent and is not reviewed yet. */
  waitingForReview: 'Waiting for review',
  /** Above the items when files wait: how many, so it is heard before the list. */
  waitingSummary: (n: number) => `${n} ${n === 1 ? 'file' : 'files'} sent by the applicant ${n === 1 ? 'is' : 'are'} waiting for review.`,
} as const;

/** What the printable copy shows on the page of a PDF document. */
export const PDF_DOCUMENT_IN_COPY = 'A PDF document: open it from the applicant file to see it.';

const label = z
  .string({ error: DOCUMENT_REQUEST_TEXTS.labelRequired })
  .trim()
  .min(1, DOCUMENT_REQUEST_TEXTS.labelRequired)
  .max(ITEM_LABEL_MAX, DOCUMENT_REQUEST_TEXTS.labelTooLong);

/** What an item asks for, on a checklist or written for one request. */
export const RequestItemSpecSchema = z.object({
  label: z.object({ en: label, bn: label }),
  required: z.boolean(),
  types: z
    .array(z.enum(REQUEST_FILE_TYPES), { error: DOCUMENT_REQUEST_TEXTS.typesRequired })
    .min(1, DOCUMENT_REQUEST_TEXTS.typesRequired)
    .max(REQUEST_FILE_TYPES.length, DOCUMENT_REQUEST_TEXTS.typesRequired),
  maxBytes: z
    .number({ error: DOCUMENT_REQUEST_TEXTS.maxBytes })
    .int(DOCUMENT_REQUEST_TEXTS.maxBytes)
    .min(MB, DOCUMENT_REQUEST_TEXTS.maxBytes)
    .max(DOCUMENT_MAX_BYTES, DOCUMENT_REQUEST_TEXTS.maxBytes),
});
export type RequestItemSpec = z.infer<typeof RequestItemSpecSchema>;

export const ChecklistItemSchema = RequestItemSpecSchema.extend({ id: z.string().regex(/^[a-z0-9-]{1,40}$/) });
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

export const ChecklistsSchema = z.object({
  Work: z.array(ChecklistItemSchema).max(ITEMS_MAX),
  Visit: z.array(ChecklistItemSchema).max(ITEMS_MAX),
  Student: z.array(ChecklistItemSchema).max(ITEMS_MAX),
});
export type Checklists = z.infer<typeof ChecklistsSchema>;

const ALL: RequestFileType[] = ['image/jpeg', 'image/png', 'application/pdf'];
const item = (id: string, en: string, bn: string, required = true): ChecklistItem => ({
  id,
  label: { en, bn },
  required,
  types: ALL,
  maxBytes: DOCUMENT_MAX_BYTES,
});

/** The checklists an office starts with; the owner changes them in Settings. */
export const DEFAULT_CHECKLISTS: Checklists = {
  Work: [
    item('passport', 'Passport (photo page)', 'পাসপোর্ট (ছবির পাতা)'),
    item('photo', 'Passport-size photo', 'পাসপোর্ট সাইজের ছবি'),
    item('police', 'Police clearance certificate', 'পুলিশ ক্লিয়ারেন্স সার্টিফিকেট'),
    item('job-letter', 'Job offer letter', 'চাকরির অফার লেটার'),
    item('experience', 'Experience certificate', 'অভিজ্ঞতার সনদ', false),
  ],
  Visit: [
    item('passport', 'Passport (photo page)', 'পাসপোর্ট (ছবির পাতা)'),
    item('photo', 'Passport-size photo', 'পাসপোর্ট সাইজের ছবি'),
    item('bank', 'Bank statement (last 6 months)', 'ব্যাংক স্টেটমেন্ট (শেষ ৬ মাস)'),
    item('invitation', 'Invitation letter', 'আমন্ত্রণপত্র', false),
  ],
  Student: [
    item('passport', 'Passport (photo page)', 'পাসপোর্ট (ছবির পাতা)'),
    item('photo', 'Passport-size photo', 'পাসপোর্ট সাইজের ছবি'),
    item('admission', 'Letter of acceptance', 'ভর্তির চিঠি'),
    item('transcripts', 'Academic transcripts', 'একাডেমিক ট্রান্সক্রিপ্ট'),
    item('bank', 'Proof of funds (bank statement)', 'আর্থিক সামর্থ্যের প্রমাণ (ব্যাংক স্টেটমেন্ট)'),
    item('language', 'Language test result', 'ভাষা পরীক্ষার ফলাফল', false),
  ],
};

/** How many days a link keeps working after its due date, unless the owner sets another. */
export const DEFAULT_GRACE_DAYS = 7;
/**
 * Who is emailed when an applicant sends files by link (ADR 0069): the member of staff who sent the
 * request (the default: one person, the one waiting for them), or every staff account.
 */
export const UPLOAD_ALERT_CHOICES = ['sender', 'everyone'] as const;
export type UploadAlertChoice = (typeof UPLOAD_ALERT_CHOICES)[number];
export const UPLOAD_ALERT_QUESTION = 'Who is emailed when an applicant sends files (at most once an hour per application)';
export const UPLOAD_ALERT_LABELS: Record<UploadAlertChoice, string> = {
  sender: 'The member of staff who sent the request',
  everyone: 'Every staff account',
};

export const DocumentRequestSettingsSchema = z.object({
  checklists: ChecklistsSchema,
  graceDays: z.number({ error: DOCUMENT_REQUEST_TEXTS.graceDays }).int(DOCUMENT_REQUEST_TEXTS.graceDays).min(0).max(GRACE_DAYS_MAX),
  // Settings stored before the choice existed, and clients that do not send it, get the default.
  uploadAlerts: z.enum(UPLOAD_ALERT_CHOICES, { error: DOCUMENT_REQUEST_TEXTS.uploadAlerts }).default('sender'),
});
export type DocumentRequestSettings = z.infer<typeof DocumentRequestSettingsSchema>;

/** Staff's request: checklist items by id, and items written for this request. */
export const NewDocumentRequestSchema = z
  .object({
    dueDate: z.string({ error: DOCUMENT_REQUEST_TEXTS.dueDate }).refine(isIsoDate, DOCUMENT_REQUEST_TEXTS.dueDate),
    checklistItems: z.array(z.string().max(40)).max(ITEMS_MAX).default([]),
    customItems: z.array(RequestItemSpecSchema).max(ITEMS_MAX).default([]),
  })
  .refine((r) => r.checklistItems.length + r.customItems.length > 0, {
    message: DOCUMENT_REQUEST_TEXTS.itemsRequired,
    path: ['checklistItems'],
  })
  .refine((r) => r.checklistItems.length + r.customItems.length <= ITEMS_MAX, {
    message: DOCUMENT_REQUEST_TEXTS.tooManyItems,
    path: ['customItems'],
  });
export type NewDocumentRequest = z.infer<typeof NewDocumentRequestSchema>;

export const AskAgainSchema = z.object({
  reason: z
    .string({ error: DOCUMENT_REQUEST_TEXTS.reasonRequired })
    .trim()
    .min(1, DOCUMENT_REQUEST_TEXTS.reasonRequired)
    .max(REASON_MAX, DOCUMENT_REQUEST_TEXTS.reasonTooLong),
});

export const ITEM_STATES = ['to_send', 'received', 'accepted', 'asked_again'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** One item as the applicant's page shows it: no file, no name of a file, nothing staff wrote but the reason. */
export const PublicItemSchema = RequestItemSpecSchema.extend({
  id: z.string(),
  state: z.enum(ITEM_STATES),
  reason: z.string().nullable(),
});
export type PublicItem = z.infer<typeof PublicItemSchema>;

/** The applicant's page: first name, office, due date and items; never a surname, passport, birth date or another document. */
export const PublicDocumentRequestSchema = z.object({
  firstName: z.string(),
  dueDate: z.string(),
  office: z.object({ name: z.object({ en: z.string(), bn: z.string() }), phone: z.string(), email: z.string() }),
  items: z.array(PublicItemSchema),
});
export type PublicDocumentRequest = z.infer<typeof PublicDocumentRequestSchema>;

/** One item as staff see it: the public view plus the received file's type, size and a signed link. */
export const StaffItemSchema = PublicItemSchema.extend({
  contentType: z.string().nullable(),
  size: z.number().nullable(),
  receivedAt: z.string().nullable(),
  fileUrl: z.string().nullable(),
});

export const StaffDocumentRequestSchema = z.object({
  visaType: z.enum(VISA_TYPES),
  checklist: z.array(ChecklistItemSchema),
  request: z
    .object({
      _id: z.string(),
      /** Whether the link still works, and if not, why. */
      status: z.enum(['open', 'expired', 'revoked', 'replaced', 'done']),
      dueDate: z.string(),
      expiresAt: z.string(),
      createdAt: z.string(),
      items: z.array(StaffItemSchema),
    })
    .nullable(),
  /** The latest due date a new request may have today: its link, grace days included, works at most LINK_MAX_DAYS. */
  latestDueDate: z.string(),
});
export type StaffDocumentRequest = z.infer<typeof StaffDocumentRequestSchema>;

/**
 * The answer to sending a request (ADR 0070): the file's request as above, and once, never again,
 * the channels the link was queued on and the link itself, so the clerk can read it out on the
 * phone. Answered `no-store`; the page keeps it only while it shows it.
 */
const CHANNEL_NAMES = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' } as const;
const listed = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** What the applicant file says once a request is sent, and before one replaces a working link (ADR 0070). */
export const DOCUMENT_REQUEST_SENT_TEXTS = {
  sent: (channels: readonly (keyof typeof CHANNEL_NAMES)[]) => `Document request sent by ${listed(channels.map((c) => CHANNEL_NAMES[c]))}.`,
  linkHeading: 'The applicant’s link',
  linkOnce: 'Shown only now: it will not be shown again. Read it out or copy it only for the applicant; anyone with it can send files.',
  copy: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'The link could not be copied: select it and copy it by hand.',
  hide: 'Done, hide the link',
  replaceTitle: 'Replace the working link?',
  replaceBody: 'The applicant’s current link stops working at once, and they are sent a new one. Files already received stay for review.',
  replaceConfirm: 'Send a new link',
} as const;

export const SentDocumentRequestSchema = StaffDocumentRequestSchema.extend({
  sent: z.object({ channels: z.array(z.enum(NOTIFY_CHANNELS)).min(1), link: z.string() }),
});
export type SentDocumentRequest = z.infer<typeof SentDocumentRequestSchema>;

/** Files applicants sent that staff have not reviewed yet, and how many applications they are on (ADR 0069). */
export const DocumentsToReviewSchema = z.object({ count: z.number(), applications: z.number() });
export type DocumentsToReview = z.infer<typeof DocumentsToReviewSchema>;

/** The request email, both languages; the link holds the token only through the outbox's placeholder. */
export function documentRequestEmail(
  firstName: string,
  link: string,
  linkBn: string,
  dueDate: string,
  labels: { en: string; bn: string }[],
) {
  const en = [
    `Hello ${firstName},`,
    'The office needs the following documents from you:',
    ...labels.map((l) => `- ${l.en}`),
    `Please send them by ${formatDate(dueDate, 'en')} with this link, from your phone or computer: ${link}`,
    'Do not share this link: it opens your document list.',
  ];
  const bn = [
    `প্রিয় ${firstName},`,
    'অফিসের আপনার কাছ থেকে নিচের কাগজপত্রগুলো দরকার:',
    ...labels.map((l) => `- ${l.bn}`),
    `${formatDate(dueDate, 'bn')} তারিখের মধ্যে এই লিংক দিয়ে ফোন বা কম্পিউটার থেকে পাঠান: ${linkBn}`,
    'এই লিংক কাউকে দেবেন না: এটি আপনার কাগজপত্রের তালিকা খোলে।',
  ];
  return { subject: 'Documents needed / প্রয়োজনীয় কাগজপত্র', en, bn };
}

/** The email when staff ask for an item again: the link is the one sent before (only its hash is kept). */
export function askAgainEmail(firstName: string, item: { en: string; bn: string }, reason: string) {
  const en = [`Hello ${firstName},`, `Please send "${item.en}" again. Reason: ${reason}`, 'Please use the link of our earlier email.'];
  const bn = [`প্রিয় ${firstName},`, `"${item.bn}" আবার পাঠান। কারণ: ${reason}`, 'আমাদের আগের ইমেইলের লিংকটি ব্যবহার করুন।'];
  return { subject: 'Please send a document again / আবার পাঠান', en, bn };
}
