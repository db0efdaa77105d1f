import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Staff's own reminders of their letters' deadlines (ADR 0081). A staff member's digest of a day
 * is one row, its primary key the member and the office's date: written in the transaction that
 * queues the email, so however many instances try, one email is queued per member per day. A
 * calendar feed is one per member, its token kept only as a SHA-256 hash.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('staff_digests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_digests_pkey', ['user_id', 'day'])
    .execute();
  await db.schema.createIndex('staff_digests_day').on('staff_digests').column('day').execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropTable('staff_digests').execute();
}
