import type { Db } from '../../../db/connection.js';

// The scheduled jobs' leases and last runs (job_runs, ADR 0015).

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

/** Every scheduled job's row: its next run, and how its last run went. */
export async function listJobs(db: Db) {
  return db.selectFrom('job_runs').selectAll().orderBy('name').execute();
}
