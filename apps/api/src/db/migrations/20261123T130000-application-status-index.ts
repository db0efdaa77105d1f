import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The application list filtered by status is read newest first (docs/product.md#api-applications):
 * an index on (status, created_at, id) serves both the filter and the order, and a page of one
 * status no longer sorts every row of that status. It starts with status, so it also serves what
 * the single-column status index did (the dashboard's count per status), which it replaces.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('applications_status_created_idx').on('applications').columns(['status', 'created_at', 'id']).execute();
  await db.schema.dropIndex('applications_status_idx').ifExists().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('applications_status_idx').on('applications').column('status').execute();
  await db.schema.dropIndex('applications_status_created_idx').ifExists().execute();
}
