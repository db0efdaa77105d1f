import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The files an import still has to bring in from the earlier app: one row per photo or document
 * address of an imported record, written in the same transaction as the record. The files step
 * works through the pending rows, so a run stopped at any point starts again where it was and
 * fetches nothing twice; a row ends stored, or missing with the reason for the report.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('import_files')
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    /** `image`, or `file1` … `file6` in the earlier app's order. */
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    /** `pending`, `stored` or `missing`. */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_files_pk', ['application_id', 'field'])
    .execute();
  await db.schema.createIndex('import_files_state').on('import_files').column('state').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('import_files').ifExists().execute();
}
