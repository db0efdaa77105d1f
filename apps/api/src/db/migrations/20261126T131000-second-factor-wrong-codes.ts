import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Wrong authenticator codes given in a row for an account, whatever the challenge or the window:
 * past a cap, codes from the app stop working (ADR 0039). A right code sets it back to zero.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('second_factors')
    .addColumn('wrong_codes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
