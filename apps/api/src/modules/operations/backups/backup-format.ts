import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../../config.js';
import type { tableCounts } from './repository.js';

// A backup is a folder: the database snapshot, every stored file, the secret key, the mail folder,
// a manifest, and SHA256SUMS (the format of `sha256sum -c`) covering all of them. These names are
// the backup's own layout, independent of DATA_DIR's: old backups must keep restoring.

export const BACKUP_FORMAT = 1;
export const DATABASE = 'database.sqlite';
export const MANIFEST = 'manifest.json';
export const SUMS = 'SHA256SUMS';
export const SECRET = 'secret.key';
/** Stored files, each under its storage key. */
export const FILES = 'files';
/** The .eml files of the mail folder. */
export const MAIL = 'mail';

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

type Hashed = { size: number; sha256: string };

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

export async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** Writes a stream to `file` (owner-only) and answers its size and SHA-256. */
export async function writeHashed(source: NodeJS.ReadableStream, file: string): Promise<Hashed> {
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

export async function hashFile(file: string): Promise<Hashed> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Writes the manifest into the backup folder `dir`, then SHA256SUMS over every file including it. */
export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await fsp.writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  const sums = [...manifest.files, { path: MANIFEST, ...(await hashFile(path.join(dir, MANIFEST))) }]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((f) => `${f.sha256}  ${f.path}\n`)
    .join('');
  await fsp.writeFile(path.join(dir, SUMS), sums, { mode: 0o600 });
}
