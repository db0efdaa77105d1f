import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  type SqliteDatabase,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { withMigrationLock } from './migration-lock.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { APP_VERSION } from '../lib/version.js';
import { markUnavailable } from '../lib/outage.js';

export type Db = Kysely<Database>;

// int8 (count(*), bigint columns) arrives as a string by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * `onStatement` hears the text of every statement run on the connection, for a test that counts
 * what a request costs (the hot requests' budgets). Without it nothing is added to the path a
 * statement takes: better-sqlite3 traces only when given `verbose`, and the pg wrapper calls it only
 * when set.
 */
export interface DbObserver {
  onStatement?: (sqlText: string) => void;
}

export function createDb(database: Config['database'], observer: DbObserver = {}): Db {
  const { onStatement } = observer;
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      // A server that is stopped refuses at once; one that hangs (a network partition, a paused
      // host) must not hold every request forever: a request waits this long for a connection,
      // then is answered 503 (ADR 0068).
      connectionTimeoutMillis: 5_000,
    });
    // An idle pooled connection can be closed by the server (restart, failover, admin). Without a
    // listener that error would crash the process; the pool simply replaces the connection.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') process.stderr.write(`postgres: idle connection error: ${err.message}\n`);
    });
    const callbackPool = withCallbackQueries(pool, onStatement);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: callbackPool }) });
    const arrays = async (sqlText: string, parameters: readonly unknown[]) => {
      const client = await callbackPool.connect();
      try {
        return await client.arrays(sqlText, parameters);
      } finally {
        client.release();
      }
    };
    bulkReaders.set(db, () => ({ arrays, close: () => {}, readsAhead: true }));
    return db;
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file, onStatement ? { verbose: (text) => onStatement(String(text)) } : {});
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Deleted and overwritten values are zeroed rather than left in free space, where a copy of the
  // file (a backup snapshot copies pages as they are) would still carry them (ADR 0040).
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  bulkReaders.set(db, () => sqliteBulkReader(database.file, onStatement));
  immediateRunners.set(db, (sqlText, parameters) => {
    if (sqlite.inTransaction) return null;
    const statement = statements.prepare(sqlText) as SQLite.Statement;
    if (statement.reader) return statement.all(parameters) as unknown[];
    statement.run(parameters);
    return [];
  });
  return db;
}

type ImmediateRunner = (sqlText: string, parameters: readonly unknown[]) => unknown[] | null;
const immediateRunners = new WeakMap<Db, ImmediateRunner>();

/**
 * Runs one statement on SQLite's connection at once and answers its rows (none for a write), or
 * null when that cannot be done safely, for the caller to go through Kysely instead: always on
 * PostgreSQL, on a transaction's own handle, and while a transaction is open on the connection.
 *
 * Kysely queues every statement for SQLite's one connection behind an asynchronous lock, a chain
 * of promises that costs a staff request's indexed lookup more than the lookup itself. better-sqlite3
 * runs a statement synchronously, so two can never interleave; the lock only matters while a
 * transaction stays open across awaits, when a statement from elsewhere would run inside it (see
 * its uncommitted writes, be rolled back with it). `inTransaction` says when that is the case
 * (ADR 0032).
 */
export function runImmediately(db: Db, sqlText: string, parameters: readonly unknown[]): unknown[] | null {
  return immediateRunners.get(db)?.(sqlText, parameters) ?? null;
}

/**
 * Reads of very many rows (the CSV export of everything), batch after batch: each batch's rows as
 * arrays of their values in the order selected, not as objects (an object with a property per
 * column for every row cost as much as reading it). `close` when done, also when stopped early.
 */
export interface BulkReader {
  arrays(sqlText: string, parameters: readonly unknown[]): Promise<unknown[][]>;
  close(): void;
  /**
   * Whether the next batch is best asked for before the last is written out: on PostgreSQL a batch
   * is a round trip to another process, which then works while this one writes; on SQLite a batch
   * is read in this process, and reading it early only keeps two batches alive at once.
   */
  readsAhead: boolean;
}

const bulkReaders = new WeakMap<Db, () => BulkReader>();

/**
 * A bulk reader for `db`. On SQLite it is a read-only connection of its own with a small page
 * cache: through the shared connection a scan of the whole table filled that connection's 16 MB
 * cache (better-sqlite3's default), which stayed in the process after the export and pushed out
 * the pages the interactive queries use. Each statement is its own read, as on the shared
 * connection, so a batch sees every write committed before it. On PostgreSQL each batch takes a
 * pooled connection and runs a statement prepared once per connection under a name.
 */
export function openBulkReader(db: Db): BulkReader {
  const open = bulkReaders.get(db);
  if (open) return open();
  // A Kysely instance made elsewhere (a transaction's handle): through Kysely, each row's values in order.
  return {
    arrays: async (sqlText, parameters) =>
      (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(sqlText, [...parameters]))).rows.map((row) => Object.values(row)),
    close: () => {},
    readsAhead: false,
  };
}

/**
 * The shared connection's page cache, in KiB (ADR 0110). better-sqlite3's default is 16 MB, which a
 * busy server fills with pages of the whole file (status checks land anywhere in the table) and
 * keeps for as long as it runs, a process's memory that the operating system's own cache of the
 * same file makes redundant: a page SQLite does not hold is a read from that cache, and the hot
 * calls answered as many requests per CPU second with 4 MB.
 */
const PAGE_CACHE_KIB = 4000;

/** The bulk reader's page cache, in KiB (SQLite's negative cache_size): enough for the index's path and a batch's pages. */
const BULK_CACHE_KIB = 2000;

function sqliteBulkReader(file: string, onStatement?: (sqlText: string) => void): BulkReader {
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  reader.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  reader.pragma('busy_timeout = 5000');
  const statements = new Map<string, SQLite.Statement>();
  return {
    arrays: async (sqlText, parameters) => {
      let statement = statements.get(sqlText);
      if (!statement) statements.set(sqlText, (statement = reader.prepare(sqlText).raw(true)));
      onStatement?.(sqlText);
      return statement.all(parameters) as unknown[][];
    },
    close: () => reader.close(),
    readsAhead: false,
  };
}

/**
 * Kysely runs every statement through pg's promise form of `client.query`. Over a run of queries
 * with many rows each (the CSV export of a large table, batch after batch), that form had every
 * batch's rows promoted to V8's old generation although each batch was garbage before the next
 * arrived: the heap grew through the whole export, whatever the batch size, until a full
 * collection. pg's callback form, wrapped in a promise here, leaves them to die young. Measured,
 * and what is known of why, in ADR 0031.
 */
function withCallbackQueries(pool: pg.Pool, onStatement?: (sqlText: string) => void): CallbackPool {
  // Kysely keeps its connection object per client it is handed, so one pg client gets one wrapper.
  const wrappers = new WeakMap<pg.PoolClient, CallbackClient>();
  const wrap = (client: pg.PoolClient) => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      let lost: Error | null = null;
      // A checked-out connection that breaks between two queries (the server stopped, a reset)
      // emits 'error' on the client; without a listener that would end the process. It is noted
      // and handed to the pool on release, which drops the connection.
      client.on('error', (err: Error) => {
        lost = markUnavailable(err);
      });
      const settle =
        <R>(resolve: (value: R) => void, reject: (err: Error) => void, answer: (result: pg.QueryResult) => R) =>
        (err: Error | null, result: pg.QueryResult) => {
          if (!err) return resolve(answer(result));
          if (isConnectionLoss(err)) lost = markUnavailable(err);
          reject(err);
        };
      wrapper = {
        // Only the (sql, parameters) form: no cursor is configured, so Kysely never passes one.
        query: ((sql: string, parameters: readonly unknown[]) =>
          new Promise<pg.QueryResult>((resolve, reject) => {
            onStatement?.(sql);
            client.query(
              sql,
              parameters as unknown[],
              settle(resolve, reject, (result) => result),
            );
          })) as unknown as PostgresPoolClient['query'],
        arrays: (sql, parameters) =>
          new Promise<unknown[][]>((resolve, reject) => {
            onStatement?.(sql);
            const query = { text: sql, values: parameters as unknown[], rowMode: 'array' as const, name: statementName(sql) };
            client.query(
              query,
              settle(resolve, reject, (result) => result.rows as unknown[][]),
            );
          }),
        // pg-pool gives a client a new release function at every checkout: look it up when called.
        // A connection that was lost goes back with its error, so the pool drops it and the next
        // request gets a fresh one: the pool recovers from a restart of the server by itself.
        release: () => {
          const err = lost;
          lost = null;
          client.release(err ?? undefined);
        },
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    connect: async () => {
      try {
        return wrap(await pool.connect());
      } catch (err) {
        // Not having a connection at all (refused, timed out in the pool, the server starting up)
        // is the database being away, whatever the error's code.
        throw err instanceof Error ? markUnavailable(err) : err;
      }
    },
    end: () => pool.end(),
  };
}

interface CallbackClient extends PostgresPoolClient {
  /** A read's rows as arrays, its statement prepared once on this connection under a name of its text. */
  arrays(sql: string, parameters: readonly unknown[]): Promise<unknown[][]>;
}

interface CallbackPool extends PostgresPool {
  connect(): Promise<CallbackClient>;
}

/** Names already made, by statement text: an export asks for one per batch, of a few texts. */
const statementNames = new Map<string, string>();

/** A prepared statement's name: the same for the same text, so each connection prepares it once. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `rows_${crypto.createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    // Few texts ever come here (an export's shapes); bounded all the same.
    if (statementNames.size >= 100) statementNames.clear();
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * Whether a query failed because its connection did, not because of the statement: the server's
 * own answers are DatabaseErrors with a SQLSTATE; pg reports a broken socket ("Connection
 * terminated", "not queryable") as a plain Error without one.
 */
function isConnectionLoss(err: Error): boolean {
  if (err instanceof pg.DatabaseError) return false;
  return Object.getPrototypeOf(err) === Error.prototype && (err as { code?: unknown }).code === undefined;
}

/**
 * Kysely asks better-sqlite3 to prepare every statement anew; preparing costs more than running
 * the small indexed queries this app makes, so prepared statements are kept by SQL text (the
 * same query shape always compiles to the same text, with values bound separately).
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  // SQLite ends a transaction itself when a write fails for want of room or of the disk (SQLITE_FULL,
  // SQLITE_IOERR): Kysely's ROLLBACK after it would then fail with "no transaction is active" and
  // hide the error that says what happened (and that it is an outage, ADR 0068). A ROLLBACK with
  // nothing to roll back does nothing instead.
  const rollback = sqlite.prepare('rollback');
  const safeRollback = {
    reader: false,
    run: () => (sqlite.inTransaction ? rollback.run() : { changes: 0, lastInsertRowid: 0 }),
  } as unknown as SQLite.Statement;
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      if (sqlText === 'rollback') return safeRollback;
      let statement = cache.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/** Safe to call from several processes at once: they take turns (db/migration-lock.ts). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await withMigrationLock(db, async () => {
    await refuseNewerDatabase(db);
    return migrator.migrateToLatest();
  });
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Thrown when the database was migrated by a later release than the code now starting. */
export class NewerDatabaseError extends Error {}

/**
 * A database migrated by a later release has tables this code does not know and may lack what it
 * expects; running on it could lose data, so the start stops with one line saying what to do
 * (ADR 0049). Kysely's own check says only that a migration is "missing".
 */
async function refuseNewerDatabase(db: Db) {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const unknown = rows.map((r) => r.name).filter((name) => !Object.hasOwn(migrations, name));
  if (unknown.length === 0) return;
  throw new NewerDatabaseError(
    `this database was migrated by a newer release of Canada Visa Desk (${unknown.length} migration(s) unknown to version ${APP_VERSION}, the latest ${unknown.sort().at(-1)}); start that release or a later one, or restore the backup taken before the upgrade`,
  );
}

export const nowIso = () => new Date().toISOString();

/** True when an insert/update failed on a unique index, on either engine. */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  const e = err as { code?: string; message?: string; constraint?: string; detail?: string };
  const unique = e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!unique || !column) return unique;
  const text = `${e.message ?? ''} ${e.constraint ?? ''} ${e.detail ?? ''}`;
  return text.includes(column);
}
