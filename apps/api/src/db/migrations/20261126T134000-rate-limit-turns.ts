import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Whose turn it is on a rate-limit key that is past its ceiling across addresses (ADR 0038): one
 * short lease per key, so requests for one email or one passport are served one at a time across
 * every worker and instance sharing the database. The key is the counter's own keyed hash, never
 * the email, passport or address; `expires_at` frees the turn of a process that died holding it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limit_turns')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limit_turns').execute();
}
