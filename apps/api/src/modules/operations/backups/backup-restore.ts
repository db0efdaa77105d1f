import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../../../config.js';
import { migrations as knownMigrations } from '../../../db/migrations/index.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import { createLocalStorage } from '../../../infra/storage/local-storage.js';
import { isValidKey } from '../../../infra/storage/storage.js';
import { BackupError, DATABASE, FILES, MAIL, MANIFEST, type Manifest, SECRET, backupUnsupported, writeHashed } from './backup-format.js';
import { verifyBackup } from './backup-verify.js';
import { ERASURE_LOG_NAME } from '../retention/erasure-log.js';
import { onlyErasureLog, replayIntoRestore } from '../retention/restore.js';

/** What a restore writes: only files SHA256SUMS lists, each with the hash it must still have. */
interface RestorePlan {
  database: string;
  secretKey: string | null;
  stored: { key: string; rel: string; sha256: string }[];
  mail: { name: string; rel: string; sha256: string }[];
}

const MAIL_NAME = /^[\w.-]+\.eml$/;

/**
 * Builds the restore's plan from what SHA256SUMS verified, and answers why not when the backup
 * holds anything else: a path of a kind a backup never has, or a manifest whose file list is not
 * exactly what the checksums cover. Nothing is written before this passes (ADR 0040).
 */
function planRestore(sums: Map<string, string>, manifest: Manifest): { plan: RestorePlan; problems: string[] } {
  const problems: string[] = [];
  const plan: RestorePlan = { database: sums.get(DATABASE) ?? '', secretKey: sums.get(SECRET) ?? null, stored: [], mail: [] };
  for (const [rel, sha256] of sums) {
    if (rel === DATABASE || rel === MANIFEST || rel === SECRET) continue;
    const name = rel.slice(rel.indexOf('/') + 1);
    if (rel.startsWith(`${FILES}/`) && isValidKey(name)) plan.stored.push({ key: name, rel, sha256 });
    else if (rel.startsWith(`${MAIL}/`) && MAIL_NAME.test(name) && name !== '..') plan.mail.push({ name, rel, sha256 });
    else problems.push(`not part of a backup: ${rel}`);
  }
  const listed = Array.isArray(manifest.files) ? manifest.files : [];
  if (!Array.isArray(manifest.files)) problems.push(`${MANIFEST} lists no files`);
  const inManifest = new Map<string, unknown>();
  for (const entry of listed) {
    const rel = String((entry as { path?: unknown } | null)?.path);
    inManifest.set(rel, (entry as { sha256?: unknown } | null)?.sha256);
    if (!sums.has(rel) || rel === MANIFEST) problems.push(`listed in ${MANIFEST} but not in SHA256SUMS: ${rel}`);
    else if (sums.get(rel) !== inManifest.get(rel)) problems.push(`${MANIFEST} and SHA256SUMS disagree about: ${rel}`);
  }
  for (const rel of sums.keys()) if (rel !== MANIFEST && !inManifest.has(rel)) problems.push(`not listed in ${MANIFEST}: ${rel}`);
  if (Boolean(manifest.secretKey) !== (plan.secretKey !== null)) problems.push(`${MANIFEST} and SHA256SUMS disagree about: ${SECRET}`);
  return { plan, problems };
}

/**
 * Opens one planned file of the backup: without following a symbolic link, in a folder that is
 * where it should be (no linked folder on the way), and only if it is a regular file.
 */
async function openPlanned(source: string, rel: string): Promise<fsp.FileHandle> {
  const file = path.join(source, ...rel.split('/'));
  if ((await fsp.realpath(path.dirname(file))) !== path.join(source, ...rel.split('/').slice(0, -1))) {
    throw new BackupError(`${rel} is not inside the backup folder; nothing was restored`);
  }
  const handle = await fsp.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW).catch(() => {
    throw new BackupError(`${rel} is not a regular file; nothing was restored`);
  });
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new BackupError(`${rel} is not a regular file; nothing was restored`);
  }
  return handle;
}

const changed = (rel: string) => new BackupError(`${rel} changed after it was verified; nothing was restored`);

/** A planned file's bytes, hashed again as read: a file changed or swapped since the check is refused. */
async function readVerified(source: string, rel: string, sha256: string): Promise<Buffer> {
  const handle = await openPlanned(source, rel);
  try {
    const bytes = await handle.readFile();
    if (createHash('sha256').update(bytes).digest('hex') !== sha256) throw changed(rel);
    return bytes;
  } finally {
    await handle.close();
  }
}

/** Copies a planned file to `dest` (a new, owner-only file) as a stream, hashed again on the way. */
async function copyVerified(source: string, rel: string, sha256: string, dest: string): Promise<void> {
  const handle = await openPlanned(source, rel);
  try {
    if ((await writeHashed(handle.createReadStream({ autoClose: false }), dest)).sha256 !== sha256) throw changed(rel);
  } finally {
    await handle.close();
  }
}

export interface RestoreOptions {
  /** An erasure log besides DATA_DIR's own, such as the one of a DATA_DIR moved aside (ADR 0052). */
  erasureLog?: string;
  now?: Date;
}

/**
 * Rebuilds an empty DATA_DIR from a verified backup. Written into a folder inside it, which a
 * rename marks finished before its entries move into place, so a restore that fails or is
 * interrupted leaves DATA_DIR as it was or, once settled, restored (ADR 0066); nothing is written
 * beside DATA_DIR. Stored files go back through the local storage driver, as the server would have
 * written them. Only what SHA256SUMS lists and verified is read, never a path the manifest alone names.
 */
export async function restoreBackup(
  from: string,
  config: Config,
  options: RestoreOptions = {},
): Promise<Manifest & { erasedAgain: number }> {
  const unsupported = backupUnsupported(config);
  if (unsupported || config.database.kind !== 'sqlite') {
    throw new BackupError(`restore rebuilds an SQLite DATA_DIR with local files.\n${unsupported ?? ''}`);
  }
  if (!fs.existsSync(path.resolve(from))) throw new BackupError(`${path.resolve(from)} does not exist.`);
  const source = await fsp.realpath(path.resolve(from));
  const { problems, manifest, sums } = await verifyBackup(source);
  const planned = manifest && planRestore(sums, manifest);
  if (planned) problems.push(...planned.problems);
  if (problems.length || !manifest || !planned) {
    throw new BackupError(`The backup at ${source} failed verification; nothing was restored:\n  ${problems.join('\n  ')}`);
  }
  const { plan } = planned;
  const unknown = (Array.isArray(manifest.migrations) ? manifest.migrations : []).filter((m) => !Object.hasOwn(knownMigrations, m));
  if (unknown.length) {
    throw new BackupError(
      `The backup was made by a newer version of the app (migrations ${unknown.join(', ')}); restore it with that version.`,
    );
  }
  if (options.erasureLog && !fs.existsSync(path.resolve(options.erasureLog))) {
    throw new BackupError(`The erasure log ${path.resolve(options.erasureLog)} does not exist; nothing was restored.`);
  }
  const dataDir = config.dataDir;
  const made = await makeDataDir(dataDir);
  await settleInterruptedRestore(dataDir);
  // Its erasure log is the one thing it may hold: what it names is erased again below (ADR 0052).
  if (!(await onlyErasureLog(dataDir))) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty. Restore only rebuilds an empty DATA_DIR (its erasures.log aside), so nothing is overwritten:\n` +
        '  point DATA_DIR at a new folder (or move this one aside) and run restore again.',
    );
  }

  // Built inside DATA_DIR, the one folder the service's user may write (its parent is /var/lib).
  const id = randomBytes(4).toString('hex');
  const work = path.join(dataDir, `${BUILDING}${id}`);
  await fsp.mkdir(work, { mode: 0o700 });
  // Laid out as DATA_DIR will be once its entries are moved into place.
  const layout = dataDirLayout(work);
  let erasedAgain: number;
  try {
    await copyVerified(source, DATABASE, plan.database, layout.database);
    checkDatabase(layout.database);
    const storage = createLocalStorage(layout.uploads);
    for (const file of plan.stored) {
      // The backup keeps no content type; the local driver answers one from the key's extension.
      await storage.put(file.key, await readVerified(source, file.rel, file.sha256), 'application/octet-stream');
    }
    for (const mail of plan.mail) {
      await copyVerified(source, mail.rel, mail.sha256, path.join(layout.outbox, mail.name));
    }
    if (plan.secretKey !== null) {
      await copyVerified(source, SECRET, plan.secretKey, layout.secretKey);
    }
    // The copy kept beside the backups (ADR 0052) is read too: it is there even when DATA_DIR was moved aside.
    const besideBackup = path.join(path.dirname(source), ERASURE_LOG_NAME);
    const logs = [dataDirLayout(dataDir).erasures, besideBackup, ...(options.erasureLog ? [path.resolve(options.erasureLog)] : [])];
    // Its log holds the entries of DATA_DIR's own log now, and replaces it when moved into place.
    erasedAgain = await replayIntoRestore(work, logs, options.now ?? new Date());
    await syncPath(layout.database);
  } catch (err) {
    await fsp.rm(work, { recursive: true, force: true });
    if (made) await fsp.rmdir(dataDir);
    throw err;
  }
  // The commit: one rename marks the folder whole; from here an interrupted restore is finished, not undone.
  const built = path.join(dataDir, `${BUILT}${id}`);
  await fsp.rename(work, built);
  await syncPath(dataDir);
  await moveIntoPlace(built, dataDir);
  return { ...manifest, erasedAgain };
}

/** Names of a restore's folders inside DATA_DIR: one being filled, and one filled and verified. */
const BUILDING = '.restoring-';
const BUILT = '.restored-';

/**
 * Makes DATA_DIR when it is missing, saying what to do when its parent may not be written. Answers
 * whether it made it, for a failed restore to leave no folder where there was none.
 */
async function makeDataDir(dataDir: string): Promise<boolean> {
  try {
    return (await fsp.mkdir(dataDir, { recursive: true, mode: 0o700 })) !== undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (!['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST'].includes(code ?? '')) throw err;
    throw new BackupError(
      `DATA_DIR ${dataDir} does not exist and cannot be made here (${code}); nothing was restored.\n` +
        "  Create it owned by the server's user (docs/deploy.md: install -d -o visa-desk -g visa-desk -m 700 …) and run restore again.",
    );
  }
}

/** Flushes a file's or folder's entry to disk, so a rename or a write survives a power cut. */
async function syncPath(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Moves a finished restore's entries into DATA_DIR, the database last: a DATA_DIR with a database
 * is whole. Each move is a rename, so one interrupted part-way is finished by the next call.
 */
async function moveIntoPlace(built: string, dataDir: string): Promise<void> {
  const database = path.basename(dataDirLayout(dataDir).database);
  const names = (await fsp.readdir(built).catch(() => [] as string[])).sort((a, b) => Number(a === database) - Number(b === database));
  for (const name of names) {
    const to = path.join(dataDir, name);
    // A journal beside the target belongs to whatever database was there, never to this one.
    if (name === database) for (const suffix of ['-wal', '-shm']) await fsp.rm(`${to}${suffix}`, { force: true });
    try {
      await fsp.rename(path.join(built, name), to);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // moved by a start running at the same time
      if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'EISDIR' || code === 'ENOTDIR') {
        throw new BackupError(
          `A restore was interrupted and cannot be finished: ${to} exists and ${path.join(built, name)} would replace it. ` +
            `Move ${to} aside and start again.`,
        );
      }
      throw err;
    }
  }
  await fsp.rm(built, { recursive: true, force: true });
  await syncPath(dataDir);
}

/**
 * Settles a restore a crash interrupted, before anything opens DATA_DIR (the server's start, a
 * restore): a folder still being filled is removed, leaving DATA_DIR as it was; a finished one has
 * the rest of its entries moved into place. Quick when there is none.
 */
export async function settleInterruptedRestore(dataDir: string): Promise<void> {
  let names: string[];
  try {
    names = await fsp.readdir(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const name of names.filter((n) => n.startsWith(BUILDING))) {
    await fsp.rm(path.join(dataDir, name), { recursive: true, force: true });
  }
  for (const name of names.filter((n) => n.startsWith(BUILT))) await moveIntoPlace(path.join(dataDir, name), dataDir);
}

/** Refuses the restored snapshot unless SQLite finds it whole. */
function checkDatabase(file: string): void {
  const check = new SQLite(file, { fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`the database in the backup is damaged (integrity_check: ${String(result)})`);
  } finally {
    check.close();
  }
}
