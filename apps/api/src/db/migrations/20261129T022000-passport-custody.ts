import { type Kysely, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Passport custody (ADR 0082). Each handover of an applicant's passport is a row with its date, its
 * two ends, who took or gave it and who recorded it. The application keeps where the passport is
 * now and its latest handover, so "the passports the office holds" reads a partial index of the
 * few held ones and joins their handovers by key, whatever the number of applications.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('passport_handovers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('from_place', 'text', (c) => c.notNull())
    .addColumn('to_place', 'text', (c) => c.notNull())
    .addColumn('occurred_on', 'text', (c) => c.notNull())
    .addColumn('counterpart', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recorded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passport_handovers_application')
    .on('passport_handovers')
    .columns(['application_id', 'recorded_at'])
    .execute();

  // A constant default: neither engine rewrites the table to add it.
  await db.schema
    .alterTable('applications')
    .addColumn('passport_holder', 'text', (c) => c.notNull().defaultTo('applicant'))
    .execute();
  await db.schema.alterTable('applications').addColumn('passport_handover_id', 'text').execute();
  await db.schema
    .createIndex('applications_passport_held')
    .on('applications')
    .column('passport_holder')
    .where(sql<boolean>`passport_holder in ('office', 'vfs')`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('applications_passport_held').execute();
  await db.schema.alterTable('applications').dropColumn('passport_handover_id').execute();
  await db.schema.alterTable('applications').dropColumn('passport_holder').execute();
  await db.schema.dropTable('passport_handovers').execute();
}
