import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import type { Storage } from '../../../infra/storage/storage.js';
import { isValidKey } from '../../../infra/storage/storage.js';
import {
  BACKUP_FORMAT,
  BackupError,
  DATABASE,
  FILES,
  MAIL,
  type Manifest,
  SECRET,
  SUMS,
  backupUnsupported,
  hashFile,
  isEmptyOrMissing,
  writeHashed,
  writeManifest,
} from './backup-format.js';
import { referencedStorageKeys } from '../../domain/files/references.js';
import { appliedMigrations } from '../../kernel/health/repository.js';
import { tableCounts } from './repository.js';
import { APP_VERSION } from '../../../lib/version.js';

// Taking a backup (the format is backup-format.ts). It is written under a temporary name and
// renamed when complete, so a folder with the final name is a whole backup.

/** Names of scheduled and default backups: UTC time to the second, sortable. */
const STAMP = /^\d{8}T\d{6}Z(-\d+)?$/;

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** A read-only Kysely view of a snapshot file, to reuse the module's queries on it. */
function openSnapshot(file: string): { db: Db; close: () => Promise<void> } {
  const sqlite = new SQLite(file, { fileMustExist: true });
  // The snapshot is a single self-contained file: no -wal/-shm beside it.
  sqlite.pragma('journal_mode = DELETE');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, close: () => db.destroy() };
}

export interface BackupOptions {
  config: Config;
  storage: Storage;
  /** Where to write; must be missing or empty. Default: BACKUP_DIR/<UTC time>. */
  dir?: string;
  now?: Date;
  signal?: AbortSignal;
}

/**
 * A consistent backup taken while the server runs. Stored files are copied first, then the
 * database is snapshotted with SQLite's online backup on its own connection, then any file the
 * snapshot references that appeared meanwhile is copied. Files are written before their rows and
 * never changed afterwards, so every row in the snapshot finds its file in the backup, except a
 * file created and deleted again within the backup's run (listed in `missing`).
 */
export async function createBackup(options: BackupOptions): Promise<{ dir: string; manifest: Manifest }> {
  const { config, storage, signal } = options;
  const unsupported = backupUnsupported(config);
  if (unsupported || config.database.kind !== 'sqlite') throw new BackupError(unsupported ?? 'not an SQLite installation');
  const now = options.now ?? new Date();

  let target = path.resolve(options.dir ?? path.join(config.backupDir, stamp(now)));
  if (!options.dir) {
    for (let n = 1; fs.existsSync(target); n++) target = path.join(config.backupDir, `${stamp(now)}-${n}`);
  } else if (!(await isEmptyOrMissing(target))) {
    throw new BackupError(`${target} is not empty: a backup goes into a new or empty folder.`);
  }
  await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const work = path.join(path.dirname(target), `.${path.basename(target)}.partial-${randomBytes(4).toString('hex')}`);
  await fsp.mkdir(work, { mode: 0o700 });

  try {
    // Hashed while written, so no file is read twice.
    const written = new Map<string, { size: number; sha256: string }>();
    const copied = new Set<string>();
    const copy = async (key: string): Promise<boolean> => {
      signal?.throwIfAborted();
      const object = await storage.get(key);
      if (!object) return false;
      written.set(`${FILES}/${key}`, await writeHashed(object.body, path.join(work, FILES, key)));
      copied.add(key);
      return true;
    };

    // 1. Every stored file there is now.
    for await (const entry of storage.list()) await copy(entry.key);

    // 2. The database, as of one moment.
    signal?.throwIfAborted();
    const source = new SQLite(config.database.file, { fileMustExist: true });
    try {
      // After the first step copy the rest in one go: a write from another connection between
      // steps makes SQLite start over, and fewer steps leave fewer gaps.
      await source.backup(path.join(work, DATABASE), { progress: () => 1_000_000 });
    } finally {
      source.close();
    }
    await fsp.chmod(path.join(work, DATABASE), 0o600);

    // 3. Files the snapshot references that were written after step 1.
    const snapshot = openSnapshot(path.join(work, DATABASE));
    let referenced: Set<string>;
    let counts: Manifest['counts'];
    let migrationNames: string[];
    try {
      referenced = await referencedStorageKeys(snapshot.db);
      counts = await tableCounts(snapshot.db);
      migrationNames = await appliedMigrations(snapshot.db);
    } finally {
      await snapshot.close();
    }
    const missing: string[] = [];
    for (const key of referenced) {
      if (copied.has(key) || !isValidKey(key)) continue;
      if (!(await copy(key))) missing.push(key);
    }

    // 4. What else DATA_DIR holds that a restore needs: the generated key (tokens and file URLs
    // stay valid) and the mail folder used without SMTP.
    const layout = dataDirLayout(config.dataDir);
    const secretKey = fs.existsSync(layout.secretKey);
    if (secretKey) written.set(SECRET, await writeHashed(fs.createReadStream(layout.secretKey), path.join(work, SECRET)));
    const mailDir = layout.outbox;
    if (fs.existsSync(mailDir)) {
      for (const name of await fsp.readdir(mailDir)) {
        if (!name.endsWith('.eml')) continue;
        written.set(`${MAIL}/${name}`, await writeHashed(fs.createReadStream(path.join(mailDir, name)), path.join(work, MAIL, name)));
      }
    }
    written.set(DATABASE, await hashFile(path.join(work, DATABASE)));

    const files = [...written].map(([rel, hashed]) => ({ path: rel, ...hashed })).sort((a, b) => a.path.localeCompare(b.path));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      appVersion: APP_VERSION,
      engine: 'sqlite',
      storage: 'local',
      migrations: migrationNames,
      counts,
      storedFiles: copied.size,
      referencedFiles: referenced.size,
      missing,
      secretKey,
      files,
    };
    await writeManifest(work, manifest);

    if (fs.existsSync(target)) await fsp.rmdir(target); // an empty folder the operator named
    await fsp.rename(work, target);
    return { dir: target, manifest };
  } catch (err) {
    await fsp.rm(work, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Keeps the newest `keep` complete backups in `root` (folders named by time that hold SHA256SUMS)
 * and removes older ones, and any half-written folder a crash left more than a day ago. Folders
 * with other names are never touched.
 */
export async function pruneBackups(root: string, keep: number, now = new Date()): Promise<string[]> {
  if (!fs.existsSync(root)) return [];
  const removed: string[] = [];
  const entries = await fsp.readdir(root, { withFileTypes: true });
  const complete = entries
    .filter((e) => e.isDirectory() && STAMP.test(e.name) && fs.existsSync(path.join(root, e.name, SUMS)))
    .map((e) => e.name)
    .sort()
    .reverse();
  for (const name of complete.slice(keep)) {
    await fsp.rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  for (const e of entries) {
    if (!e.isDirectory() || !/^\..+\.partial-[0-9a-f]{8}$/.test(e.name)) continue;
    const stat = await fsp.stat(path.join(root, e.name));
    if (now.getTime() - stat.mtimeMs > 24 * 60 * 60_000) {
      await fsp.rm(path.join(root, e.name), { recursive: true, force: true });
      removed.push(e.name);
    }
  }
  return removed;
}
