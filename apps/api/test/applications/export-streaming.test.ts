import { beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { engine } from '@visa/test-support/test-app';
import { CSV_COLUMNS, csvHeader, csvRowByMapping } from '../../src/modules/domain/applications/csv.js';
import { erasedMarker } from '../../src/modules/domain/applications/mapping.js';
import { EXPORT_BATCH, iterateApplicationRows } from '../../src/modules/domain/applications/export-repository.js';

/**
 * The CSV export of everything streams (ADR 0074, ADR 0099): its rows are read a batch at a time,
 * at most one batch ahead of what the reply has taken (on PostgreSQL the next is asked for while
 * one is written), so memory does not grow with the table. A row added after the first batch was
 * taken, older than every other, is still in the file. Only the columns the file shows are read. The file is the same, byte for
 * byte, as the one field mapping writes it, across the batches' boundaries too.
 */

const ROWS = EXPORT_BATCH + 50;
const at = (i: number) => new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString();

/** Rows whose cells need quoting, an apostrophe or a country's name, on both sides of the first batch's boundary. */
const tricky = (i: number) => {
  const fromNewest = ROWS - 1 - i;
  if (fromNewest === EXPORT_BATCH - 1)
    return { surname: '=HYPERLINK("x")', given_name: 'Ann, "Nan"', company: 'line\nbreak', approve_date: null };
  if (fromNewest === EXPORT_BATCH) return { surname: 'রহমান', given_name: 'আয়েশা', birth_city: 'ঢাকা; সদর', current_nationality: 'BD' };
  if (fromNewest === EXPORT_BATCH + 1)
    return { email: erasedMarker('64b7f0c2a1b2c3d4e5f60718'), job_title: '+8801700000000', issued_country: 'Martian Republic' };
  return {};
};

describe(`the CSV export reads its rows as the reply takes them (${engine})`, () => {
  const t = appForFile();
  const staff = staffForFile(t, 'admin');
  beforeAll(async () => {
    await Promise.all(
      Array.from({ length: ROWS }, (_, i) =>
        createApplication(t.db, {
          email: `export-${i}@example.com`,
          passport: `EX${String(i).padStart(7, '0')}`,
          created_at: at(i),
          updated_at: at(i),
          ...tricky(i),
        }),
      ),
    );
  }, 60_000);

  it('reads a batch at a time, and no column the file does not show', async () => {
    // Batches of 100 here: three of them, so the last is read after the row below is added whether or not one is read ahead.
    const batches = iterateApplicationRows(t.db, { search: '' }, CSV_COLUMNS, 100);
    const first = await batches.next();
    expect(first.done).toBe(false);
    expect(first.value).toHaveLength(100);
    // The file's columns include the two the next batch starts after, so nothing else is read.
    expect(first.value![0]).toHaveLength(CSV_COLUMNS.length);

    const late = await createApplication(t.db, {
      email: 'late@example.com',
      passport: 'EX9999999',
      created_at: at(-1),
      updated_at: at(-1),
    });
    const rest: unknown[][] = [];
    for await (const rows of batches) rest.push(...rows);
    expect(rest).toHaveLength(ROWS - 100 + 1);
    expect(rest.at(-1)![CSV_COLUMNS.indexOf('id')]).toBe(late.id);
  });

  it('answers every row, newest first, after the header, as the field mapping writes each', async () => {
    const res = await t.request({ method: 'GET', url: '/api/application/export', token: staff.token });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.selectFrom('applications').select(CSV_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(rows).toHaveLength(ROWS + 1);
    expect(res.body).toBe(`\uFEFF${csvHeader()}${rows.map(csvRowByMapping).join('')}`);
    expect(res.body).toContain(`'=HYPERLINK(""x"")","Ann, ""Nan"""`);
    expect(res.body).toContain(',রহমান,আয়েশা,');
    expect(res.body).toContain(',"ঢাকা; সদর",Bangladesh,');
    expect(res.body).toContain(`,'+8801700000000,`);
  });
});
