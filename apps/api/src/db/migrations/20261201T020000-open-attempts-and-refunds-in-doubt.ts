import { type Kysely, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One open gateway attempt per payment link (ADR 0095):
 * - `redirect_url`: the gateway's page for the attempt, so a second start on the link while it is
 *   open sends the payer to the same page instead of opening a second payment for the whole balance.
 * - A unique index over the link of the attempts still open: two starts at once cannot both open
 *   one. An attempt superseded by a start through another gateway keeps its state but lets go of
 *   the link, so the reconciling job still asks about it and a late payment is still recorded.
 *   Older duplicates are let go of the same way before the index is made.
 * - A refund's claim says what it asks of the gateway (gateway, amount, reason, who) and how far it
 *   got: `calling` until the gateway answers; `in-doubt` when it gave no answer; `refunded` (with
 *   the gateway's reference) when the gateway refunded but the ledger entry was not written. The
 *   reconciling job settles the last two from the gateway's refund status, once.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('gateway_payments').addColumn('redirect_url', 'text').execute();
  await sql`
    UPDATE gateway_payments SET link_id = NULL
    WHERE state = 'started' AND link_id IS NOT NULL
      AND id NOT IN (SELECT MAX(id) FROM gateway_payments WHERE state = 'started' AND link_id IS NOT NULL GROUP BY link_id)
  `.execute(db);
  await db.schema
    .createIndex('gateway_payments_open_per_link')
    .on('gateway_payments')
    .column('link_id')
    .unique()
    .where(sql.ref('state'), '=', 'started')
    .execute();
  let claims = db.schema.alterTable('refund_claims');
  for (const [name, type] of [
    ['application_id', 'text'],
    ['gateway', 'text'],
    ['amount_minor', 'bigint'],
    ['reason', 'text'],
    ['actor_id', 'text'],
    ['gateway_ref', 'text'],
  ] as const) {
    await claims.addColumn(name, type).execute();
    claims = db.schema.alterTable('refund_claims');
  }
  await claims.addColumn('state', 'text', (c) => c.notNull().defaultTo('calling')).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of ['application_id', 'gateway', 'amount_minor', 'reason', 'actor_id', 'gateway_ref', 'state'])
    await db.schema.alterTable('refund_claims').dropColumn(name).execute();
  await db.schema.dropIndex('gateway_payments_open_per_link').execute();
  await db.schema.alterTable('gateway_payments').dropColumn('redirect_url').execute();
}
