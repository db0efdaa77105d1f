import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../../config.js';
import { migrations as knownMigrations } from '../../db/migrations/index.js';
import { dataDirLayout } from '../../infra/data-dir.js';
import { createLocalStorage } from '../../infra/storage/local-storage.js';
import { isValidKey } from '../../infra/storage/storage.js';
import { BackupError, DATABASE, FILES, MAIL, type Manifest, SECRET, backupUnsupported, isEmptyOrMissing } from './backup-format.js';
import { verifyBackup } from './backup-verify.js';

/**
 * Rebuilds an empty DATA_DIR from a verified backup. Written beside it under a temporary name and
 * renamed into place, so a failed restore leaves no half-filled DATA_DIR behind. Stored files go
 * back through the local storage driver, as the server would have written them.
 */
export async function restoreBackup(from: string, config: Config): Promise<Manifest> {
  const unsupported = backupUnsupported(config);
  if (unsupported || config.database.kind !== 'sqlite') {
    throw new BackupError(`restore rebuilds an SQLite DATA_DIR with local files.\n${unsupported ?? ''}`);
  }
  const source = path.resolve(from);
  if (!fs.existsSync(source)) throw new BackupError(`${source} does not exist.`);
  const { problems, manifest } = await verifyBackup(source);
  if (problems.length || !manifest) {
    throw new BackupError(`The backup at ${source} failed verification; nothing was restored:\n  ${problems.join('\n  ')}`);
  }
  const unknown = manifest.migrations.filter((m) => !(m in knownMigrations));
  if (unknown.length) {
    throw new BackupError(
      `The backup was made by a newer version of the app (migrations ${unknown.join(', ')}); restore it with that version.`,
    );
  }
  const dataDir = config.dataDir;
  if (!(await isEmptyOrMissing(dataDir))) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty. Restore only rebuilds an empty DATA_DIR, so nothing is overwritten:\n` +
        '  point DATA_DIR at a new folder (or move this one aside) and run restore again.',
    );
  }

  const work = path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.restoring-${randomBytes(4).toString('hex')}`);
  await fsp.mkdir(work, { recursive: true, mode: 0o700 });
  // Laid out as DATA_DIR will be once renamed into place.
  const layout = dataDirLayout(work);
  try {
    await restoreDatabase(path.join(source, DATABASE), layout.database);
    const storage = createLocalStorage(layout.uploads);
    for (const entry of manifest.files) {
      if (entry.path.startsWith(`${FILES}/`)) {
        const key = entry.path.slice(FILES.length + 1);
        if (!isValidKey(key)) throw new BackupError(`the backup lists a file that is not a storage key: ${entry.path}`);
        // The backup keeps no content type; the local driver answers one from the key's extension.
        await storage.put(key, await fsp.readFile(path.join(source, entry.path)), 'application/octet-stream');
      } else if (entry.path.startsWith(`${MAIL}/`)) {
        await fsp.mkdir(layout.outbox, { recursive: true, mode: 0o700 });
        await fsp.copyFile(path.join(source, entry.path), path.join(layout.outbox, path.basename(entry.path)));
      }
    }
    if (manifest.secretKey) {
      await fsp.copyFile(path.join(source, SECRET), layout.secretKey);
      await fsp.chmod(layout.secretKey, 0o600);
    }
    if (fs.existsSync(dataDir)) await fsp.rmdir(dataDir); // empty, checked above
    await fsp.rename(work, dataDir);
    return manifest;
  } catch (err) {
    await fsp.rm(work, { recursive: true, force: true });
    throw err;
  }
}

/** Copies the snapshot into place (owner-only) and refuses it unless SQLite finds it whole. */
async function restoreDatabase(snapshot: string, file: string): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await fsp.copyFile(snapshot, file);
  await fsp.chmod(file, 0o600);
  const check = new SQLite(file, { fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`the database in the backup is damaged (integrity_check: ${String(result)})`);
  } finally {
    check.close();
  }
}
