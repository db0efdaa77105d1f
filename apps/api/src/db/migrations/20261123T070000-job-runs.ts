import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One row per scheduled job (file sweep, backup, housekeeping). Every app instance polls the
 * table, and a conditional UPDATE on next_run_at lets exactly one of them claim each period, so
 * several processes on one database run a job once, not once each. The outcome columns hold
 * counts and keys for operators, never personal data.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('holder', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_runs').ifExists().execute();
}
