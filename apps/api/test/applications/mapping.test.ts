import { describe, expect, it } from 'vitest';
import type { ApplicationRow } from '../../src/db/schema-applications.js';
import { CSV_COLUMNS, csvRow, csvRowByMapping } from '../../src/modules/domain/applications/csv.js';
import {
  APPLICATION_COLUMNS,
  erasedMarker,
  type ApplicationField,
  fieldsOf,
  storedFields,
  withCountryNames,
} from '../../src/modules/domain/applications/mapping.js';

describe('the stored fields of an application row', () => {
  // Every field in order, with the countries' codes right after their names.
  const answered = (every: ApplicationField[]) =>
    every.flatMap((field) => (field === 'currentN' || field === 'issuedCountry' ? [field, `${field}Code`] : [field]));

  it('are the field table written out: every field, from its own column', () => {
    // Every column holds a value naming it, so a field read from the wrong column shows.
    const columns = Object.values(APPLICATION_COLUMNS);
    const row = Object.fromEntries(columns.map((column) => [column, `value of ${column}`])) as unknown as ApplicationRow;
    const every = Object.keys(APPLICATION_COLUMNS) as ApplicationField[];

    const fields = storedFields(row);

    expect(fields).toStrictEqual(withCountryNames(fieldsOf(row, every)));
    expect(Object.keys(fields)).toStrictEqual(answered(every));
  });

  it('name stored country codes as every answer does, with the codes beside them', () => {
    const columns = Object.values(APPLICATION_COLUMNS);
    const row = {
      ...Object.fromEntries(columns.map((column) => [column, `value of ${column}`])),
      current_nationality: 'BD',
      issued_country: 'Martian Republic',
    } as unknown as ApplicationRow;
    const every = Object.keys(APPLICATION_COLUMNS) as ApplicationField[];

    const fields = storedFields(row);

    expect(fields).toMatchObject({
      currentN: 'Bangladesh',
      currentNCode: 'BD',
      issuedCountry: 'Martian Republic',
      issuedCountryCode: null,
    });
    expect(fields).toStrictEqual(withCountryNames(fieldsOf(row, every)));
  });

  it('make the same CSV line written out as through the mapping, cell for cell', () => {
    const columns = Object.values(APPLICATION_COLUMNS);
    const named = Object.fromEntries(columns.map((column) => [column, `value of ${column}`])) as unknown as ApplicationRow;
    const tricky = {
      ...named,
      surname: '=HYPERLINK("x")',
      given_name: 'Ann, "Nan"',
      email: erasedMarker('64b7f0c2a1b2c3d4e5f60718'),
      company: 'line\nbreak',
      current_nationality: 'BD',
      issued_country: 'Martian Republic',
      approve_date: null,
    } as unknown as ApplicationRow;
    // csvRow takes a row's values in the order the export reads them.
    const values = (row: ApplicationRow) => CSV_COLUMNS.map((column) => row[column]);
    for (const row of [named, tricky]) expect(csvRow(values(row))).toBe(csvRowByMapping(row));
    expect(csvRow(values(tricky))).toContain(',Bangladesh,');
  });
});
