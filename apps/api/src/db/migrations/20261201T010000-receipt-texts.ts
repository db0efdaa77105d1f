import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A receipt by SMS or WhatsApp (ADR 0093): the text message carries the receipt's number, amount
 * (paisa) and date of issue to the moment it is written; its check code waits in `secret` like a
 * link's token and goes once the message is sent or given up.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('receipt_number', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('amount_minor', 'bigint').execute();
  await db.schema.alterTable('outbox').addColumn('issued_on', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('issued_on').execute();
  await db.schema.alterTable('outbox').dropColumn('amount_minor').execute();
  await db.schema.alterTable('outbox').dropColumn('receipt_number').execute();
}
