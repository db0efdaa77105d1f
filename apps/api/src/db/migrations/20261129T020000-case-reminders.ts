import { type Kysely, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Reminders of a letter's deadline (ADR 0080): one row per letter and number of days before its
 * deadline, unique, so a reminder exists once and is claimed once. The waiting ones are indexed by
 * when they fall due: what the reminder job reads. A text message or email that carries a reminder
 * names it, so the outbox can ask again at send time whether its letter is still open.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('case_reminders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('letter_id', 'text', (c) => c.notNull().references('case_letters.id').onDelete('cascade'))
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('days_before', 'integer', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text')
    .addUniqueConstraint('case_reminders_once', ['letter_id', 'days_before'])
    .execute();
  await db.schema
    .createIndex('case_reminders_waiting')
    .on('case_reminders')
    .column('due_at')
    .where(sql.ref('state'), '=', 'waiting')
    .execute();
  await db.schema.alterTable('outbox').addColumn('reminder_id', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('reminder_id').execute();
  await db.schema.dropTable('case_reminders').execute();
}
