import { beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { engine } from '@visa/test-support/test-app';
import { CSV_COLUMNS } from '../../src/modules/domain/applications/csv.js';
import { iterateApplicationRows } from '../../src/modules/domain/applications/paging-repository.js';

/**
 * The CSV export of everything streams (ADR 0074): its rows are read a batch at a time, each batch
 * only when the reply has taken the one before, so memory does not grow with the table. A row
 * added after the first batch was taken, older than every other, is still in the file: nothing was
 * read ahead. Only the columns the file shows are read.
 */

const BATCH = 200;
const ROWS = BATCH + 50;
const at = (i: number) => new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString();

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
        }),
      ),
    );
  }, 60_000);

  it('reads one batch at a time, and no column the file does not show', async () => {
    const batches = iterateApplicationRows(t.db, { search: '' }, CSV_COLUMNS);
    const first = await batches.next();
    expect(first.done).toBe(false);
    expect(first.value).toHaveLength(BATCH);
    expect(Object.keys(first.value![0]!).sort()).toEqual([...new Set([...CSV_COLUMNS, 'created_at', 'id'])].sort());

    const late = await createApplication(t.db, {
      email: 'late@example.com',
      passport: 'EX9999999',
      created_at: at(-1),
      updated_at: at(-1),
    });
    const rest: { id: string }[] = [];
    for await (const rows of batches) rest.push(...rows);
    expect(rest).toHaveLength(ROWS - BATCH + 1);
    expect(rest.at(-1)!.id).toBe(late.id);
  });

  it('answers every row, newest first, after the header', async () => {
    const res = await t.request({ method: 'GET', url: '/api/application/export', token: staff.token });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith('\uFEFF_id,surname,givenN,email')).toBe(true);
    expect(lines).toHaveLength(ROWS + 2);
    expect(lines[1]).toContain(`EX${String(ROWS - 1).padStart(7, '0')}`);
    expect(lines.at(-1)).toContain('late@example.com');
  });
});
