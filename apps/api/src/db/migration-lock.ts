import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { migrationLockFile } from '../infra/data-dir.js';

/** Any number, the same in every process of this app: the PostgreSQL advisory lock that serialises migrations. */
const PG_LOCK_KEY = '7310420191';
/** How long a start waits for another process's migrations before giving up with a clear error. */
const WAIT_LIMIT_MS = 10 * 60_000;

/**
 * Runs `fn` (the migrator) while holding a lock that every process migrating the same database
 * takes, so instances started together never run the same migration twice or read a half-created
 * migration table. Whoever waits runs the migrator after the winner and finds nothing to do.
 *
 * PostgreSQL: a session advisory lock held on one pooled connection while the migrator uses others.
 * SQLite: an exclusive transaction on a small sidecar file next to the database. It cannot be the
 * database itself, whose write lock the migrator needs; the operating system drops the sidecar's
 * lock if the process dies, so a crashed start never leaves a stale lock behind.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function withMigrationLock<T>(db: Kysely<any>, fn: () => Promise<T>): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${PG_LOCK_KEY}::bigint)`.execute(conn);
      try {
        return await fn();
      } finally {
        await sql`select pg_advisory_unlock(${PG_LOCK_KEY}::bigint)`.execute(conn);
      }
    });
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  // An in-memory database belongs to this connection alone: nobody to wait for.
  if (!file) return fn();
  const lock = new SQLite(migrationLockFile(file), { timeout: 0 });
  try {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
        if (Date.now() > deadline) {
          throw new Error('another process has been migrating this database for 10 minutes; is it stuck?', { cause: err });
        }
        await sleep(50 + Math.random() * 100);
      }
    }
    try {
      return await fn();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
