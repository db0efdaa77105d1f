import fs from 'node:fs';
import path from 'node:path';
import type { Collection } from './sources.js';

/**
 * The import's report: one CSV row per record skipped, value kept although it breaks a rule of
 * the form, file not carried over or missing. It names records by their id (or, for a document
 * without one, its place in the file) and fields by their names, with reasons written here: never
 * a value of the record.
 */
type Outcome = 'skipped' | 'kept' | 'left alone' | 'not carried over' | 'missing';

export interface ReportNote {
  id: string;
  field: string;
  outcome: Outcome;
  reason: string;
}

export interface Skip {
  skip: ReportNote;
}

export const skip = (id: string, field: string, reason: string): Skip => ({ skip: { id, field, outcome: 'skipped', reason } });
export const isSkip = (value: object): value is Skip => 'skip' in value;

/** Our own reasons and ids only; still quoted the way the product's CSV is, for a comma in a reason. */
const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export interface ReportWriter {
  readonly file: string;
  readonly rows: number;
  add(collection: Collection, notes: ReportNote[]): void;
  close(): void;
}

/**
 * Written as the run goes, row by row, so a long run holds none of it in memory and a run that is
 * stopped leaves what it found so far.
 */
export function openReport(dir: string, now: Date): ReportWriter {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  // Two runs in the same second (a run stopped and started again) each keep their own report.
  let file = '';
  let fd = -1;
  for (let n = 1; fd < 0; n++) {
    file = path.join(dir, `import-report-${stamp}${n > 1 ? `-${n}` : ''}.csv`);
    try {
      fd = fs.openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  fs.writeSync(fd, 'collection,id,field,outcome,reason\r\n');
  let rows = 0;
  return {
    file,
    get rows() {
      return rows;
    },
    add(collection, notes) {
      if (!notes.length) return;
      fs.writeSync(fd, notes.map((n) => [collection, n.id, n.field, n.outcome, n.reason].map(cell).join(',') + '\r\n').join(''));
      rows += notes.length;
    },
    close() {
      fs.closeSync(fd);
    },
  };
}
