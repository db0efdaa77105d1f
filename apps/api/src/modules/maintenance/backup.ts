import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { migrations as knownMigrations } from '../../db/migrations/index.js';
import type { Database } from '../../db/schema.js';
import type { Storage } from '../../infra/storage/storage.js';
import { isValidKey } from '../../infra/storage/storage.js';
import { appliedMigrations, referencedStorageKeys, tableCounts } from './repository.js';

// A backup is a folder: the database snapshot, every stored file, the secret key, the mail folder,
// a manifest, and SHA256SUMS (the format of `sha256sum -c`) covering all of them. Written under a
// temporary name and renamed when complete, so a folder with the final name is a whole backup.

const BACKUP_FORMAT = 1;
const DATABASE = 'database.sqlite';
const MANIFEST = 'manifest.json';
const SUMS = 'SHA256SUMS';
const SECRET = 'secret.key';
const FILES = 'files';
const MAIL = 'mail';
/** Names of scheduled and default backups: UTC time to the second, sortable. */
const STAMP = /^\d{8}T\d{6}Z(-\d+)?$/;

export interface Manifest {
  format: number;
  createdAt: string;
  appVersion: string;
  engine: 'sqlite';
  storage: 'local';
  migrations: string[];
  counts: Awaited<ReturnType<typeof tableCounts>>;
  /** Stored files copied, and how many of them rows of the snapshot reference. */
  storedFiles: number;
  referencedFiles: number;
  /** Keys the snapshot references that were deleted before they could be copied (see ADR). */
  missing: string[];
  secretKey: boolean;
  files: { path: string; size: number; sha256: string }[];
}

export class BackupError extends Error {}

/**
 * With PostgreSQL or S3 the data lives in services with their own, better tools; a copy made by
 * the app would be neither consistent with them nor complete, so it says so instead of pretending.
 */
export function backupUnsupported(config: Config): string | null {
  const reasons: string[] = [];
  if (config.database.kind === 'postgres') {
    reasons.push(
      'The database is PostgreSQL (DATABASE_URL): back it up with its own tools, e.g.\n' +
        '    pg_dump --format=custom --file=visa.dump "$DATABASE_URL"\n' +
        '  and restore into an empty database with\n' +
        '    pg_restore --no-owner --dbname="$NEW_DATABASE_URL" visa.dump\n' +
        "  or use the provider's point-in-time recovery.",
    );
  }
  if (config.STORAGE_DRIVER === 's3') {
    reasons.push(
      'Stored files are in an S3 bucket (STORAGE_DRIVER=s3): turn on bucket versioning (a deleted or overwritten\n' +
        '  object stays recoverable) and replication to a bucket in another account or region, or copy it with\n' +
        '  your provider\'s tools (e.g. "aws s3 sync s3://BUCKET ./copy").',
    );
  }
  if (reasons.length === 0) return null;
  return `This installation keeps its data outside DATA_DIR, so the app does not back it up itself.\n  ${reasons.join('\n  ')}\n  docs: README.md#operations`;
}

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

function appVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** Writes a stream to `file` (owner-only) and answers its size and SHA-256. */
async function writeHashed(source: NodeJS.ReadableStream, file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await pipeline(
    source,
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    }),
    fs.createWriteStream(file, { mode: 0o600, flags: 'wx' }),
  );
  return { size, sha256: hash.digest('hex') };
}

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every file under `dir`, as forward-slash paths relative to it. */
async function walk(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

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
    const secretFile = path.join(config.dataDir, 'secret.key');
    const secretKey = fs.existsSync(secretFile);
    if (secretKey) written.set(SECRET, await writeHashed(fs.createReadStream(secretFile), path.join(work, SECRET)));
    const mailDir = path.join(config.dataDir, 'outbox');
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
      appVersion: appVersion(),
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
    await fsp.writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    const sums = [...files, { path: MANIFEST, ...(await hashFile(path.join(work, MANIFEST))) }]
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((f) => `${f.sha256}  ${f.path}\n`)
      .join('');
    await fsp.writeFile(path.join(work, SUMS), sums, { mode: 0o600 });

    if (fs.existsSync(target)) await fsp.rmdir(target); // an empty folder the operator named
    await fsp.rename(work, target);
    return { dir: target, manifest };
  } catch (err) {
    await fsp.rm(work, { recursive: true, force: true });
    throw err;
  }
}

/** Checks every checksum, and that nothing was added or removed; answers the problems found. */
export async function verifyBackup(dir: string): Promise<{ problems: string[]; manifest: Manifest | null }> {
  const problems: string[] = [];
  let sums: string;
  try {
    sums = await fsp.readFile(path.join(dir, SUMS), 'utf8');
  } catch {
    return { problems: [`${SUMS} is missing: ${dir} is not a complete backup`], manifest: null };
  }
  const listed = new Map<string, string>();
  for (const line of sums.split('\n')) {
    if (!line) continue;
    const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    const rel = m?.[2];
    if (!m || !rel || rel.startsWith('/') || rel.split('/').includes('..')) {
      problems.push(`${SUMS} has a malformed line`);
      continue;
    }
    listed.set(rel, m[1]!);
  }
  const present = new Set((await walk(dir)).filter((f) => f !== SUMS));
  for (const [rel, expected] of listed) {
    if (!present.has(rel)) {
      problems.push(`missing: ${rel}`);
      continue;
    }
    if ((await hashFile(path.join(dir, rel))).sha256 !== expected) problems.push(`checksum mismatch: ${rel}`);
  }
  for (const rel of present) if (!listed.has(rel)) problems.push(`not in ${SUMS}: ${rel}`);

  let manifest: Manifest | null = null;
  if (listed.has(MANIFEST) && present.has(MANIFEST)) {
    try {
      manifest = JSON.parse(await fsp.readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    } catch {
      problems.push(`${MANIFEST} is not readable JSON`);
    }
  } else problems.push(`${MANIFEST} is missing`);
  if (manifest && manifest.format !== BACKUP_FORMAT) problems.push(`unknown backup format ${String(manifest.format)}`);
  if (!listed.has(DATABASE)) problems.push(`${DATABASE} is missing`);
  return { problems, manifest };
}

/**
 * Rebuilds an empty DATA_DIR from a verified backup. Written beside it under a temporary name and
 * renamed into place, so a failed restore leaves no half-filled DATA_DIR behind.
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
  try {
    const dbFile = path.join(work, path.relative(dataDir, config.database.file));
    await fsp.mkdir(path.dirname(dbFile), { recursive: true, mode: 0o700 });
    await fsp.copyFile(path.join(source, DATABASE), dbFile);
    await fsp.chmod(dbFile, 0o600);
    const check = new SQLite(dbFile, { fileMustExist: true });
    try {
      const result = check.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new BackupError(`the database in the backup is damaged (integrity_check: ${String(result)})`);
    } finally {
      check.close();
    }

    const uploads = path.join(work, 'uploads');
    for (const sub of ['private', 'public', '.tmp']) await fsp.mkdir(path.join(uploads, sub), { recursive: true, mode: 0o700 });
    await fsp.chmod(path.join(uploads, 'public'), 0o755);
    for (const entry of manifest.files) {
      if (entry.path.startsWith(`${FILES}/`)) {
        const key = entry.path.slice(FILES.length + 1);
        if (!isValidKey(key)) throw new BackupError(`the backup lists a file that is not a storage key: ${entry.path}`);
        await fsp.copyFile(path.join(source, entry.path), path.join(uploads, key));
      } else if (entry.path.startsWith(`${MAIL}/`)) {
        await fsp.mkdir(path.join(work, 'outbox'), { recursive: true, mode: 0o700 });
        await fsp.copyFile(path.join(source, entry.path), path.join(work, 'outbox', path.basename(entry.path)));
      }
    }
    if (manifest.secretKey) {
      await fsp.copyFile(path.join(source, SECRET), path.join(work, 'secret.key'));
      await fsp.chmod(path.join(work, 'secret.key'), 0o600);
    }
    if (fs.existsSync(dataDir)) await fsp.rmdir(dataDir); // empty, checked above
    await fsp.rename(work, dataDir);
    return manifest;
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
