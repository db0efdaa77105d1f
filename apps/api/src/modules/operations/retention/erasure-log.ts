import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The erasure log (ADR 0052): one line per erased application, its id and when, appended and
 * flushed to disk before the erasure itself. It lives in DATA_DIR beside the database, never in
 * the backups folder, so no rotation prunes it and no restore brings back an older copy: after a
 * restore every id it names is erased again. A copy is kept in the backups' folder too, outside
 * every backup and never pruned: an operator who moves a damaged DATA_DIR aside still has it next
 * to the backup they restore, and restore reads it there. Ids and times only, nothing personal.
 */

/** The log's file name, in DATA_DIR and beside the backups. */
export const ERASURE_LOG_NAME = 'erasures.log';

const LINE = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)\t([0-9a-f]{24})$/;

export interface ErasureEntry {
  id: string;
  at: string;
}

/** Appends one entry and waits until it is on disk. */
export async function appendErasure(file: string, entry: ErasureEntry): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const handle = await fs.open(file, 'a', 0o600);
  try {
    await handle.appendFile(`${entry.at}\t${entry.id}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Every entry of the log, oldest first; a missing log has none, and a torn last line is skipped. */
export async function readErasures(file: string): Promise<ErasureEntry[]> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const entries: ErasureEntry[] = [];
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (match) entries.push({ at: match[1]!, id: match[2]! });
  }
  return entries;
}
