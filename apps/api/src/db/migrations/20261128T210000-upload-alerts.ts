import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Staff are told when an applicant sends files by link, at most once an hour per application
 * (ADR 0069). One row per application holds when staff were last told; the alert is queued only
 * by the write that moves this time on, so two uploads finishing together, in one process or in
 * several, queue one alert between them. The row goes with its application.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('upload_alerts')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('alerted_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('upload_alerts').execute();
}
