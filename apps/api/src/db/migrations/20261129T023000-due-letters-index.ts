import { type Kysely, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The application list's deadline filter (ADR 0079) asks which applications have an open letter
 * due by a day. With the application beside the deadline in the open letters' index, that answer
 * is read from the index alone, without a visit to each letter's row; the index keeps its name and
 * still serves every deadline range it served (ADR 0077).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('case_letters_open').execute();
  await db.schema
    .createIndex('case_letters_open')
    .on('case_letters')
    // done_on too, though always empty here: SQLite reads an index alone only when it holds every column the query names.
    .columns(['deadline', 'application_id', 'done_on'])
    .where(sql.ref('done_on'), 'is', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('case_letters_open').execute();
  await db.schema.createIndex('case_letters_open').on('case_letters').column('deadline').where(sql.ref('done_on'), 'is', null).execute();
}
