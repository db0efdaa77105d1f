import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Personal data by the law (ADR 0052). Each privacy notice the office publishes is kept as a
 * numbered version, so a consent can name the text the applicant agreed to. An application
 * records that consent (which version, who recorded it, when), its withdrawal, and when its
 * personal data was anonymised: an anonymised record stays for the counts and the history, with
 * nothing left that names a person.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('privacy_notices')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('body_bn', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text')
    .execute();

  await db.schema.alterTable('applications').addColumn('consent_version', 'integer').execute();
  await db.schema.alterTable('applications').addColumn('consent_recorded_by', 'text').execute();
  await db.schema.alterTable('applications').addColumn('consent_recorded_at', 'text').execute();
  await db.schema.alterTable('applications').addColumn('consent_withdrawn_at', 'text').execute();
  await db.schema.alterTable('applications').addColumn('anonymised_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['anonymised_at', 'consent_withdrawn_at', 'consent_recorded_at', 'consent_recorded_by', 'consent_version']) {
    await db.schema.alterTable('applications').dropColumn(column).execute();
  }
  await db.schema.dropTable('privacy_notices').execute();
}
