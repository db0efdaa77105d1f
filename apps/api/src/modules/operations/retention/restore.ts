import fs from 'node:fs/promises';
import path from 'node:path';
import { createDb, migrateToLatest } from '../../../db/connection.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import { createLocalStorage } from '../../../infra/storage/local-storage.js';
import { appendErasure, readErasures } from './erasure-log.js';
import { removeRestoredLeftovers } from './leftovers.js';
import { replayErasures } from './service.js';

/**
 * A restore's part in erasure (ADR 0052): the erasure logs it is given (the DATA_DIR's own, which
 * is the one file a restore target may hold, and one named with --erasure-log) are carried into
 * the folder being restored, and every application they name is erased again there before the
 * folder takes DATA_DIR's place, so no erased applicant comes back with an older backup: neither
 * their rows nor their files (store, mail folder; staged uploads are in no backup).
 * Answers how many applications were erased again.
 */
export async function replayIntoRestore(work: string, logs: string[], now: Date): Promise<number> {
  const layout = dataDirLayout(work);
  const seen = new Set<string>();
  for (const log of logs) {
    for (const entry of await readErasures(log)) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      await appendErasure(layout.erasures, entry);
    }
  }
  if (seen.size === 0) return 0;
  const db = createDb({ kind: 'sqlite', file: layout.database });
  try {
    await migrateToLatest(db);
    const storage = createLocalStorage(layout.uploads);
    const replayed = await replayErasures({ db, storage, dataDir: work }, now);
    // Files too (ADR 0064): what the erasures named is gone with their rows; what a backup kept of
    // an applicant erased before it was taken (files without rows) goes now.
    await removeRestoredLeftovers(db, work, storage);
    return replayed.length;
  } finally {
    await db.destroy();
  }
}

/** Whether DATA_DIR holds nothing but its erasure log (or nothing at all): a restore may fill it. */
export async function onlyErasureLog(dataDir: string): Promise<boolean> {
  try {
    const names = await fs.readdir(dataDir);
    return names.every((name) => name === path.basename(dataDirLayout(dataDir).erasures));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}
