import { receivedStorageKeys } from '../document-requests/repository.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { listApplicationStorageKeys } from '../applications/repository.js';
import { listSlideStorageKeys } from '../slides/repository.js';
import { countEmails } from '../applicant-notices/outbox-status.js';

// The maintenance module's own SQL: the job leases and what backups record. The purges of
// housekeeping and the storage keys the sweep keeps belong to the modules that own those tables.

/**
 * Every storage key a row points at: application photos and thumbnails, document files, and each
 * stored variant of a slide image. A stored file outside this set belongs to no row. The
 * applications and slides repositories read their own tables.
 */
export async function referencedStorageKeys(db: Db): Promise<Set<string>> {
  return new Set([...(await listApplicationStorageKeys(db)), ...(await listSlideStorageKeys(db)), ...(await receivedStorageKeys(db))]);
}

// --- job leases -----------------------------------------------------------------------------

/** Makes sure the job has a row; the first run is due at `firstRunAt`. Harmless when it exists. */
export async function ensureJob(db: Db, name: string, firstRunAt: Date): Promise<void> {
  await db
    .insertInto('job_runs')
    .values({ name, next_run_at: firstRunAt.toISOString(), holder: null, started_at: null, finished_at: null, outcome: null, error: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Claims the current period of a job for `holder`: true for exactly one caller per period, however
 * many instances ask at once. The conditional UPDATE is the whole lease: PostgreSQL re-checks the
 * condition after waiting for a concurrent update of the row, and SQLite runs writes one at a time.
 * A job is due when its next run time has come, or when its last start is a whole (possibly
 * shortened) period ago.
 */
export async function claimJob(db: Db, name: string, holder: string, now: Date, everyMs: number): Promise<boolean> {
  const nowText = now.toISOString();
  const result = await db
    .updateTable('job_runs')
    .set({ next_run_at: new Date(now.getTime() + everyMs).toISOString(), holder, started_at: nowText, finished_at: null })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('next_run_at', '<=', nowText), eb('started_at', '<=', new Date(now.getTime() - everyMs).toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishJob(
  db: Db,
  name: string,
  holder: string,
  done: { at: Date; outcome: Record<string, unknown> | null; error: string | null },
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({
      finished_at: done.at.toISOString(),
      outcome: done.outcome ? JSON.stringify(done.outcome) : null,
      error: done.error,
    })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

export async function findJob(db: Db, name: string) {
  return db.selectFrom('job_runs').selectAll().where('name', '=', name).executeTakeFirst();
}

// --- readiness and manifests ----------------------------------------------------------------

/** Names of the migrations this database has run (Kysely's own table, absent before the first run). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.map((r) => r.name);
  } catch (err) {
    const text = String((err as Error).message);
    if (text.includes('no such table') || text.includes('does not exist')) return [];
    throw err;
  }
}

export async function tableCounts(db: Db) {
  const count = async (table: 'users' | 'applications' | 'application_documents' | 'slides' | 'audit_events') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    applications: await count('applications'),
    documents: await count('application_documents'),
    slides: await count('slides'),
    auditEvents: await count('audit_events'),
    emails: await countEmails(db),
  };
}

/** Every scheduled job's row: its next run, and how its last run went. */
export async function listJobs(db: Db) {
  return db.selectFrom('job_runs').selectAll().orderBy('name').execute();
}
