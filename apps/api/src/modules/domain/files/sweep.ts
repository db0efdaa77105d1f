import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connection.js';
import type { Storage } from '../../../infra/storage/storage.js';
import { referencedStorageKeys } from './references.js';

/**
 * A file is written before the row that points at it, so for the length of one request every new
 * file looks orphaned. Only files older than this are candidates; a request never lasts an hour.
 */
export const DEFAULT_MIN_AGE_S = 3600;

export interface SweepOptions {
  db: Db;
  storage: Storage;
  minAgeS?: number;
  /** Report what would go, remove nothing. */
  dryRun?: boolean;
  now?: Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  signal?: AbortSignal;
}

export interface SweepResult {
  scanned: number;
  referenced: number;
  /** Unreferenced but younger than the minimum age: possibly a request still in progress. */
  young: number;
  /** Unreferenced and old enough: removed, or (dry run) to be removed. */
  orphans: string[];
  removed: string[];
  /** Orphans whose removal failed; they are tried again next time. */
  failed: string[];
  /** Half-written temporary files removed (local storage). */
  temp: number;
}

/**
 * Removes stored files that no row references: what a process killed between writing a file and
 * committing its row leaves behind. The listing is taken before the references are read, so a
 * file whose row commits meanwhile is seen as referenced. Logs keys only (random, never names).
 */
export async function sweepFiles(options: SweepOptions): Promise<SweepResult> {
  const { db, storage, dryRun = false, now = new Date(), log, signal } = options;
  const minAgeMs = (options.minAgeS ?? DEFAULT_MIN_AGE_S) * 1000;
  const listed = [];
  for await (const entry of storage.list()) listed.push(entry);
  const referenced = await referencedStorageKeys(db);

  const result: SweepResult = { scanned: listed.length, referenced: 0, young: 0, orphans: [], removed: [], failed: [], temp: 0 };
  for (const entry of listed) {
    if (referenced.has(entry.key)) result.referenced += 1;
    else if (now.getTime() - entry.lastModified.getTime() < minAgeMs) result.young += 1;
    else result.orphans.push(entry.key);
  }
  if (dryRun) return result;

  for (const key of result.orphans) {
    signal?.throwIfAborted();
    try {
      await storage.delete(key);
      result.removed.push(key);
      log?.info({ key }, 'removed an orphaned stored file');
    } catch (err) {
      result.failed.push(key);
      log?.warn({ key, err }, 'could not remove an orphaned stored file');
    }
  }
  if (storage.removeStaleTemp) result.temp = await storage.removeStaleTemp(new Date(now.getTime() - minAgeMs));
  return result;
}
