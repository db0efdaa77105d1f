import { type Kysely, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Money on an application (ADR 0084). The ledger's entries are only ever added: a mistake is a
 * reversal naming the entry (once: its column is unique). They name the application without a
 * foreign key, because financial records outlive the application's personal data and the
 * application itself. Each entry keeps its amount in its own currency and what it does to the
 * balance in paisa; the balance per application is kept beside them in the same transaction, so
 * "balance due" reads one row per application. A transaction ID staff enter is registered once
 * across the office. Receipts are numbered per fiscal year from a counter row that the issuing
 * transaction updates, so a number is only ever taken by a receipt that was kept. A payment link
 * is a hashed bearer token; a gateway payment is one attempt to pay through SSLCommerz or bKash,
 * recorded in the ledger once, by whichever answer arrives first.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('rate_micros', 'bigint')
    .addColumn('bdt_minor', 'bigint', (c) => c.notNull())
    .addColumn('due_effect', 'bigint', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fee_code', 'text')
    .addColumn('method', 'text')
    .addColumn('method_ref', 'text')
    .addColumn('reverses_id', 'text', (c) => c.unique())
    .addColumn('refund_of_id', 'text')
    .addColumn('occurred_on', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_application').on('ledger_entries').columns(['application_id', 'created_at']).execute();
  await db.schema.createIndex('ledger_entries_day').on('ledger_entries').columns(['occurred_on', 'kind']).execute();

  await db.schema
    .createTable('application_balances')
    .addColumn('application_id', 'text', (c) => c.primaryKey())
    .addColumn('due_minor', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('application_balances_due')
    .on('application_balances')
    .columns(['due_minor', 'application_id'])
    .where(sql.ref('due_minor'), '>', 0)
    .execute();

  await db.schema
    .createTable('transaction_ids')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('entry_id', 'text', (c) => c.notNull())
    .addColumn('application_id', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('receipt_counters')
    .addColumn('fiscal_year', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('fiscal_year', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('entry_id', 'text', (c) => c.notNull().unique())
    .addColumn('application_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('payer_name', 'text', (c) => c.notNull())
    .addColumn('verify_code', 'text', (c) => c.notNull().unique())
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('issued_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('receipts_number', ['fiscal_year', 'number'])
    .execute();
  await db.schema.createIndex('receipts_application').on('receipts').column('application_id').execute();

  await db.schema
    .createTable('payment_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('payment_links_application').on('payment_links').column('application_id').execute();

  await db.schema
    .createTable('gateway_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('link_id', 'text')
    .addColumn('application_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('gateway_ref', 'text')
    .addColumn('gateway_trx_id', 'text')
    .addColumn('entry_id', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .addColumn('next_check_at', 'text')
    .execute();
  await db.schema
    .createIndex('gateway_payments_unsettled')
    .on('gateway_payments')
    .column('next_check_at')
    .where(sql.ref('state'), '=', 'started')
    .execute();
  await db.schema.createIndex('gateway_payments_application').on('gateway_payments').column('application_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'gateway_payments',
    'payment_links',
    'receipts',
    'receipt_counters',
    'transaction_ids',
    'application_balances',
    'ledger_entries',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
