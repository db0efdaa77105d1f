import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The message outbox also carries document-request links by SMS and WhatsApp (ADR 0055). `kind`
 * tells a link ('documents') from a status message ('status', every row before this migration);
 * `secret` holds the link's token until the message is sent or given up, then it is wiped, as the
 * email outbox does (ADR 0040); `due_date` is the request's due date the text names.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('message_outbox')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('status'))
    .execute();
  await db.schema.alterTable('message_outbox').addColumn('secret', 'text').execute();
  await db.schema.alterTable('message_outbox').addColumn('due_date', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('message_outbox').dropColumn('due_date').execute();
  await db.schema.alterTable('message_outbox').dropColumn('secret').execute();
  await db.schema.alterTable('message_outbox').dropColumn('kind').execute();
}
