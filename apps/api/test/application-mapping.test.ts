import { describe, expect, it } from 'vitest';
import type { ApplicationRow } from '../src/db/schema.js';
import { APPLICATION_COLUMNS, type ApplicationField, fieldsOf, storedFields } from '../src/modules/applications/mapping.js';

describe('the stored fields of an application row', () => {
  it('are the field table written out: every field, from its own column', () => {
    // Every column holds a value naming it, so a field read from the wrong column shows.
    const columns = Object.values(APPLICATION_COLUMNS);
    const row = Object.fromEntries(columns.map((column) => [column, `value of ${column}`])) as unknown as ApplicationRow;
    const every = Object.keys(APPLICATION_COLUMNS) as ApplicationField[];

    const fields = storedFields(row);

    expect(fields).toStrictEqual(fieldsOf(row, every));
    expect(Object.keys(fields)).toStrictEqual(every);
  });
});
