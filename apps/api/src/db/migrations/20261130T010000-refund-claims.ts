import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A refund under way holds its payment's row here (ADR 0086) from before it reads what is left to
 * refund until its ledger entry is written, across the gateway's refund call that happens outside
 * any transaction; a second refund of the same payment meanwhile finds the row taken. A claim
 * left by a process that died is taken over once it is old.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('refund_claims')
    .addColumn('payment_id', 'text', (c) => c.primaryKey())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('refund_claims').execute();
}
