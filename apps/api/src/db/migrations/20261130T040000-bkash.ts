import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * bKash's tokenized checkout (ADR 0090). Its grant token lives an hour and its refresh token four
 * weeks; they are kept here, sealed with a key from the app secret bKash issued, so every worker
 * and instance uses the same pair instead of asking for a new one on each call, and one of them at
 * a time renews it (the lease). Each bKash payment is named by bKash's paymentID; its execute is
 * claimed once, so a duplicated callback or the reconciling job never executes it twice.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('gateway_tokens')
    .addColumn('gateway', 'text', (c) => c.primaryKey())
    .addColumn('sealed', 'text')
    .addColumn('access_expires_at', 'text')
    .addColumn('refresh_expires_at', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bkash_payments')
    .addColumn('payment_id', 'text', (c) => c.primaryKey())
    .addColumn('attempt_id', 'text', (c) => c.notNull().unique())
    .addColumn('execute_claimed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('bkash_payments').execute();
  await db.schema.dropTable('gateway_tokens').execute();
}
