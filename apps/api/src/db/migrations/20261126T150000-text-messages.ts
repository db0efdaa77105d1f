import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Status messages by SMS and WhatsApp (ADR 0044). `message_consents` holds the channels each
 * applicant agreed to; an application without a row agreed to email only, as every application
 * did before this migration. `message_outbox` is the email outbox's sibling for phone messages,
 * leased the same way: one row per settled status change and channel, due once the status has
 * been stable for the settling time and outside quiet hours.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('message_consents')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createTable('message_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('sent_status', 'text')
    .addColumn('to_number', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('provider_status', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_outbox_due').on('message_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('message_outbox_application').on('message_outbox').columns(['application_id', 'channel']).execute();
  await db.schema.createIndex('message_outbox_provider_id').on('message_outbox').column('provider_id').execute();
  await db.schema.createIndex('message_outbox_number').on('message_outbox').columns(['to_number', 'sent_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('message_outbox').ifExists().execute();
  await db.schema.dropTable('message_consents').ifExists().execute();
}
