import type { ApplicationRow } from '../../db/schema.js';

/**
 * Spreadsheet programs run a cell that starts with one of these as a formula (OWASP "CSV
 * injection"); a leading apostrophe makes them show it as text instead. Tab and CR are on
 * OWASP's list too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell of RFC 4180 CSV, safe to open in a spreadsheet. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | boolean | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Column headings are the API field names of spec §3, so a re-import can map them back. */
const COLUMNS: [heading: string, value: (row: ApplicationRow) => string | null][] = [
  ['_id', (r) => r.id],
  ['surname', (r) => r.surname],
  ['givenN', (r) => r.given_name],
  ['email', (r) => r.email],
  ['phone', (r) => r.phone],
  ['nationalId', (r) => r.national_id],
  ['sex', (r) => r.sex],
  ['dob', (r) => r.dob],
  ['birthCity', (r) => r.birth_city],
  ['currentN', (r) => r.current_nationality],
  ['identification', (r) => r.identification],
  ['company', (r) => r.company],
  ['dutyDuration', (r) => r.duty_duration],
  ['jobTitle', (r) => r.job_title],
  ['salary', (r) => r.salary],
  ['passport', (r) => r.passport],
  ['issuedCountry', (r) => r.issued_country],
  ['isStatus', (r) => r.status],
  ['pending', (r) => r.pending_date],
  ['approve', (r) => r.approve_date],
  ['createdAt', (r) => r.created_at],
  ['updatedAt', (r) => r.updated_at],
];

export const csvHeader = () => csvLine(COLUMNS.map(([heading]) => heading));
export const csvRow = (row: ApplicationRow) => csvLine(COLUMNS.map(([, value]) => value(row)));
