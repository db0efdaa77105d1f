import type { ApplicationRow } from '../../db/schema.js';
import { type ApplicationField, fieldsOf } from './mapping.js';

/**
 * Spreadsheet programs run a cell that starts with one of these as a formula (OWASP "CSV
 * injection"): = + - @, their full-width forms (some spreadsheets read them the same), tab, CR and
 * LF, and a field separator (`,` or `;`, whichever the reader's locale splits on), which a program
 * that re-splits the cell would leave in front of a formula. A leading apostrophe makes them show
 * the cell as text instead (ADR 0016).
 */
const FORMULA_START = /^[=+\-@\t\r\n,;\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * Quoted: a cell holding a quote, a line break, or any character a spreadsheet may split fields on
 * (a semicolon and a tab, too, since the reader's locale decides), so a separator inside a value
 * can never start a new cell.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One cell of RFC 4180 CSV, safe to open in a spreadsheet. */
function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: (string | number | boolean | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The exported fields, in column order. Headings are the API field names, so a re-import can map
 * them back; the values come through the one field mapping.
 */
const CSV_FIELDS = [
  '_id',
  'surname',
  'givenN',
  'email',
  'phone',
  'nationalId',
  'sex',
  'dob',
  'birthCity',
  'currentN',
  'identification',
  'company',
  'dutyDuration',
  'jobTitle',
  'salary',
  'passport',
  'issuedCountry',
  'isStatus',
  'pending',
  'approve',
  'createdAt',
  'updatedAt',
] as const satisfies readonly ApplicationField[];

export const csvHeader = () => csvLine([...CSV_FIELDS]);
export const csvRow = (row: ApplicationRow) => {
  const fields = fieldsOf(row, CSV_FIELDS);
  return csvLine(CSV_FIELDS.map((field) => fields[field]));
};
