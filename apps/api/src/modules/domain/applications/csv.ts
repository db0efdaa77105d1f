import type { ApplicationRow } from '../../../db/schema-applications.js';
import { countryName } from '@visa/shared/country-matching';
import { type APPLICATION_COLUMNS, type ApplicationField, columnsOf, fieldsOf, shownValue, withCountryNames } from './mapping.js';

/**
 * Spreadsheet programs run a cell that starts with one of these as a formula (OWASP "CSV
 * injection"): = + - @ and their full-width forms (some spreadsheets read them the same).
 */
const FORMULA = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/**
 * A cell is neutralised by a leading apostrophe, which makes spreadsheets show it as text
 * (ADR 0016), when it starts with a formula character (also behind spaces or a quote, which some
 * readers drop), a tab, CR or LF, or a field separator.
 */
const NEEDS_APOSTROPHE = new RegExp(`^([ "]*[${FORMULA}]|[\\t\\r\\n,;])`);
/**
 * Quotes keep a separator inside a value from starting a new cell, but only for a reader that
 * splits on the comma: a spreadsheet whose locale splits on `;` (or a paste split on tabs) sees
 * the quote mid-cell and splits anyway, and a line break starts a new row. So a formula character
 * just after a separator or a line break inside a value (or behind spaces or a quote there) gets
 * its apostrophe too, right after the separator.
 */
const FORMULA_AFTER_SEPARATOR = new RegExp(`([\\t\\r\\n,;])(?=[ "]*[${FORMULA}])`, 'g');
/** Quoted: a cell holding a quote, a line break, or a character a spreadsheet may split fields on. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** A cell without a separator, quote or line break needs at most the leading apostrophe. */
const PLAIN = /^[^\t\r\n,;"]*$/;
const STARTS_WITH_FORMULA = new RegExp(`^ *[${FORMULA}]`);
/** What any of the tests below looks for: a cell without it is written as it is. */
const ANYTHING_TO_DO = new RegExp(`[\\t\\r\\n,;"]|^[ "]*[${FORMULA}]`);

/** One cell of RFC 4180 CSV, safe to open in a spreadsheet; the money reports' CSV writes its cells with it too (ADR 0092). */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Most cells: one test says nothing needs doing (a million-row export runs this 23 million
  // times, ADR 0028); then the same answer as below without the replace and two more tests.
  if (!ANYTHING_TO_DO.test(text)) return text;
  if (PLAIN.test(text)) return STARTS_WITH_FORMULA.test(text) ? `'${text}` : text;
  text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  if (NEEDS_APOSTROPHE.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The apostrophes csvCell put inside a value, right after a separator or a line break. */
const APOSTROPHE_AFTER_SEPARATOR = new RegExp(`([\\t\\r\\n,;])'(?=[ "]*[${FORMULA}])`, 'g');

/**
 * A cell's value as it was before csvCell neutralised it (the import reads the export back,
 * ADR 0041): the apostrophes it added are taken away. A value that itself began with an apostrophe
 * before a formula character cannot be told apart and loses it.
 */
export function csvCellValue(cell: string): string {
  const text = cell.startsWith("'") && NEEDS_APOSTROPHE.test(cell.slice(1)) ? cell.slice(1) : cell;
  return text.includes("'") ? text.replace(APOSTROPHE_AFTER_SEPARATOR, '$1') : text;
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
  'visaType',
  'isStatus',
  'pending',
  'approve',
  'createdAt',
  'updatedAt',
] as const satisfies readonly ApplicationField[];

/** The columns the export reads: those behind its fields, and no others. */
export const CSV_COLUMNS = columnsOf(CSV_FIELDS) as (typeof APPLICATION_COLUMNS)[(typeof CSV_FIELDS)[number]][];

export const csvHeader = () => csvLine([...CSV_FIELDS]);

type CsvSource = Pick<ApplicationRow, (typeof CSV_COLUMNS)[number]>;

/** A row's line by the one field mapping: what `csvRow` writes out, and what a test holds it to. */
export const csvRowByMapping = (row: CsvSource) => {
  // Countries are stored as codes; the export names them as every answer does (ADR 0035).
  const fields = withCountryNames(fieldsOf(row, CSV_FIELDS));
  return csvLine(CSV_FIELDS.map((field) => fields[field]));
};

/** A row's values in the order of CSV_COLUMNS, as the export reads them (iterateApplicationRows). */
export type CsvValues = readonly unknown[];
type Cell = string | null;

/**
 * A row's line, the mapping written out cell by cell in CSV_FIELDS' order from the row's values in
 * that order: a million-row export builds no object and no array per row this way, which was most
 * of its time after reading the rows. A test holds it equal to `csvRowByMapping` for every field.
 */
export const csvRow = (v: CsvValues) =>
  `${csvCell(v[0] as Cell)},${csvCell(v[1] as Cell)},${csvCell(v[2] as Cell)},${csvCell(shownValue(v[3] as string))},${csvCell(v[4] as Cell)},` +
  `${csvCell(v[5] as Cell)},${csvCell(v[6] as Cell)},${csvCell(v[7] as Cell)},${csvCell(v[8] as Cell)},` +
  `${csvCell(countryName(v[9] as string))},${csvCell(v[10] as Cell)},${csvCell(v[11] as Cell)},` +
  `${csvCell(v[12] as Cell)},${csvCell(v[13] as Cell)},${csvCell(v[14] as Cell)},${csvCell(shownValue(v[15] as string))},` +
  `${csvCell(countryName(v[16] as string))},${csvCell(v[17] as Cell)},${csvCell(v[18] as Cell)},${csvCell(v[19] as Cell)},` +
  `${csvCell(v[20] as Cell)},${csvCell(v[21] as Cell)},${csvCell(v[22] as Cell)}\r\n`;
