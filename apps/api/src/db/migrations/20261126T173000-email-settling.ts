import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A status email the office lets settle (ADR 0054) remembers the application's status before the
 * changes it reports, as a status message does: a later change replaces it while it waits, and a
 * status back where it started drops it. Other emails leave the column empty and go out at once.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('from_status', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('from_status').execute();
}
