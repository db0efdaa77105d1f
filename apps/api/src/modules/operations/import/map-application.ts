import { type ApplicationInput, ApplicationInputSchema, normalizePassport } from '@visa/shared/applications';
import { JOB_TITLES, SEXES } from '@visa/shared/constants';
import { matchCountry } from '@visa/shared/country-matching';
import { toE164 } from '@visa/shared/phone';
import type { NewApplicationRow } from '../../../db/schema-applications.js';
import { inputColumns } from '../../domain/applications/mapping.js';
import { type ReportNote, type Skip, skip } from './report.js';
import { calendarDateOf, fileAddressOf, idOf, idTimestamp, textOf, timestampOf } from './values.js';

/** The earlier app's photo and document fields, in its order; `import_files.field` holds these names. */
const FILE_FIELDS = ['image', 'file1', 'file2', 'file3', 'file4', 'file5', 'file6'] as const;

export interface MappedApplication {
  row: NewApplicationRow;
  files: { field: string; url: string }[];
  notes: ReportNote[];
}

/** Text fields the earlier app required, in the form's order; a record without one is skipped. */
const REQUIRED_TEXT = [
  'surname',
  'givenN',
  'email',
  'nationalId',
  'birthCity',
  'currentN',
  'identification',
  'company',
  'dutyDuration',
  'salary',
  'passport',
  'issuedCountry',
] as const;

/** The earlier app's statuses (its actions wrote `approved` and `rejected`), any case. */
const STATUSES: Record<string, NewApplicationRow['status']> = {
  pending: 'pending',
  approve: 'approved',
  approved: 'approved',
  reject: 'rejected',
  rejected: 'rejected',
};

const oneOf = <T extends string>(list: readonly T[], text: string): T | undefined =>
  list.find((item) => item.toLowerCase() === text.toLowerCase());

/**
 * A phone number as E.164 when its digits make one. The earlier app kept the phone as a number,
 * so the leading 0 of `01712345678` and the + of `+8801712345678` are gone: Bangladesh is tried
 * first (as the form does), then the digits as an international number that lost its +.
 */
function phoneOf(text: string): { phone: string; restored: boolean } {
  const e164 = toE164(text) ?? (/^\d{8,15}$/.test(text) ? toE164(`+${text}`) : null);
  return e164 ? { phone: e164, restored: true } : { phone: text, restored: false };
}

/**
 * One application of the earlier app as a row of this product, with the files still to fetch
 * and what the report says about it; or why it is skipped. Every value is kept as it was or put
 * in the product's form of the same value (trimmed text, lower-cased email, a passport without
 * spaces, a country's code, a phone in E.164). A value that breaks a rule of the form but can be
 * kept is kept, and reported; one that cannot be kept skips the record, and is reported.
 */
export function mapApplication(doc: Record<string, unknown>, position: number, timeZone: string): MappedApplication | Skip {
  const id = idOf(doc._id);
  if (!id) return skip(`#${position}`, '_id', id === undefined ? 'missing' : 'not an ObjectId');

  const text: Partial<Record<(typeof REQUIRED_TEXT)[number], string>> = {};
  for (const field of REQUIRED_TEXT) {
    const value = textOf(doc[field]);
    if (!value) return skip(id, field, value === undefined ? 'missing' : 'not text');
    text[field] = value;
  }
  const phoneText = textOf(doc.phone);
  if (!phoneText) return skip(id, 'phone', phoneText === undefined ? 'missing' : 'not a number or text');
  const sexText = textOf(doc.sex);
  const sex = sexText ? oneOf(SEXES, sexText) : undefined;
  if (!sex) return skip(id, 'sex', sexText === undefined ? 'missing' : 'neither Male nor Female');
  const dob = calendarDateOf(doc.dob, timeZone);
  if (!dob) return skip(id, 'dob', dob === undefined ? 'missing' : 'not a date');
  const jobText = textOf(doc.jobTitle);
  if (!jobText) return skip(id, 'jobTitle', jobText === undefined ? 'missing' : 'not text');

  const statusText = textOf(doc.isStatus);
  // The earlier app's default for a record saved without one.
  const status = statusText === undefined ? 'pending' : statusText && STATUSES[statusText.toLowerCase()];
  if (!status) return skip(id, 'isStatus', 'not pending, approve or reject');
  const pending = calendarDateOf(doc.pending, timeZone);
  if (pending === null) return skip(id, 'pending', 'not a date');
  const approve = calendarDateOf(doc.approve, timeZone);
  if (approve === null) return skip(id, 'approve', 'not a date');
  const createdAt = timestampOf(doc.createdAt);
  if (createdAt === null) return skip(id, 'createdAt', 'not a date');
  const updatedAt = timestampOf(doc.updatedAt);
  if (updatedAt === null) return skip(id, 'updatedAt', 'not a date');

  const { phone, restored } = phoneOf(phoneText);
  const values = {
    surname: text.surname!,
    givenN: text.givenN!,
    email: text.email!.toLowerCase(),
    phone,
    nationalId: text.nationalId!,
    sex,
    dob,
    birthCity: text.birthCity!,
    currentN: text.currentN!,
    identification: text.identification!,
    company: text.company!,
    dutyDuration: text.dutyDuration!,
    jobTitle: oneOf(JOB_TITLES, jobText) ?? jobText,
    salary: text.salary!,
    passport: normalizePassport(text.passport!),
    issuedCountry: text.issuedCountry!,
  };

  const notes: ReportNote[] = [];
  const parsed = ApplicationInputSchema.safeParse(values);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field)) continue;
      seen.add(field);
      const kept = field === 'phone' && !restored ? 'kept as typed' : 'kept as it was';
      notes.push({ id, field, outcome: 'kept', reason: `${issue.message.replace(/\.$/, '')}: ${kept}` });
    }
  }
  for (const field of ['currentN', 'issuedCountry'] as const) {
    if (!matchCountry(values[field])) notes.push({ id, field, outcome: 'kept', reason: 'names no country of the list: kept as typed' });
  }

  const files: MappedApplication['files'] = [];
  for (const field of FILE_FIELDS) {
    const address = fileAddressOf(doc[field]);
    if (!address) continue;
    if ('url' in address) files.push({ field, url: address.url });
    else notes.push({ id, field, outcome: 'not carried over', reason: address.problem });
  }

  const created = createdAt ?? idTimestamp(id);
  const row: NewApplicationRow = {
    id,
    // The product's one mapping of form values to columns: country codes and the search keys.
    ...inputColumns(values as ApplicationInput),
    image_key: null,
    thumb_key: null,
    status,
    // The earlier app had no stages (ADR 0077, ADR 0083): a decided file is at the decision, any other is being prepared.
    stage: status === 'pending' ? 'preparing' : 'decision',
    pending_date: pending ?? null,
    approve_date: approve ?? null,
    is_admin: 0,
    created_by: null,
    created_at: created,
    updated_at: updatedAt ?? created,
  };
  return { row, files, notes };
}
