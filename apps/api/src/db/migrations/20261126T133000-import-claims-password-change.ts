import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Two additions for moving in from the earlier app (ADR 0042):
 * - an import file row is claimed before it is fetched: `claim` is the claiming run's random
 *   token and `claimed_until` when the claim lapses, so two import processes never fetch the same
 *   file and a row whose process was killed is taken up again once its claim has lapsed;
 * - `must_change_password` on users: set when someone signs in with an earlier app's password that
 *   breaks the password rule; until it is cleared they can only choose a new password.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('import_files').addColumn('claim', 'text').execute();
  await db.schema.alterTable('import_files').addColumn('claimed_until', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
  await db.schema.alterTable('import_files').dropColumn('claimed_until').execute();
  await db.schema.alterTable('import_files').dropColumn('claim').execute();
}
