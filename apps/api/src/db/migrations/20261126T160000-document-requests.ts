import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Documents by link (ADR 0046). Every application gets a visa type (existing ones are Work). A
 * request holds only its token's SHA-256 hash; its items carry their own state and, once received,
 * the stored file. Each tus upload is a row tied to one item of one request, so a PATCH can be
 * checked against the token that created it and an unfinished upload found and removed.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('visa_type', 'text', (c) => c.notNull().defaultTo('Work'))
    .execute();

  await db.schema
    .createTable('document_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('document_requests_application').on('document_requests').column('application_id').execute();

  await db.schema
    .createTable('document_request_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('document_requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label_en', 'text', (c) => c.notNull())
    .addColumn('label_bn', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('types', 'text', (c) => c.notNull())
    .addColumn('max_bytes', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('content_type', 'text')
    .addColumn('size', 'integer')
    .addColumn('received_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_request_items_request').on('document_request_items').columns(['request_id', 'position']).execute();
  await db.schema.createIndex('document_request_items_state').on('document_request_items').column('state').execute();

  await db.schema
    .createTable('document_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('length', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('document_uploads_created').on('document_uploads').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('document_uploads').execute();
  await db.schema.dropTable('document_request_items').execute();
  await db.schema.dropTable('document_requests').execute();
  await db.schema.alterTable('applications').dropColumn('visa_type').execute();
}
