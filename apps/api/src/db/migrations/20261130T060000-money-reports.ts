import { type Kysely, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Money reports and the retention of financial records (ADR 0092). The reports sum the entries that
 * moved money (those with a method) by day and method: a partial index holds just those columns.
 * Financial records go a number of years after the applicant's personal data: an erased
 * application's time is its `anonymised_at` (indexed for the daily job); a deleted application
 * leaves no row, so `money_closures` records when the job first found its money without one.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('ledger_entries_moved')
    .on('ledger_entries')
    .columns(['occurred_on', 'method', 'due_effect'])
    .where(sql.ref('method'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('applications_anonymised')
    .on('applications')
    .column('anonymised_at')
    .where(sql.ref('anonymised_at'), 'is not', null)
    .execute();
  await db.schema
    .createTable('money_closures')
    .addColumn('application_id', 'text', (c) => c.primaryKey())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('money_closures_closed').on('money_closures').column('closed_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('money_closures').execute();
  await db.schema.dropIndex('applications_anonymised').execute();
  await db.schema.dropIndex('ledger_entries_moved').execute();
}
