import { type Kysely, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The case as IRCC runs it (ADR 0077). Every application gets a stage beside its status (decided
 * ones are at the decision, the others are being prepared) and a place for its IRCC application
 * number. The timeline keeps each step with who recorded it; a letter keeps its deadline, the rule's
 * deadline when an override moved it, its owner, and when the step that answered it happened. The
 * open letters are indexed by deadline, overall and per owner: what "due this week" and My work read.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('preparing'))
    .execute();
  await db.schema.alterTable('applications').addColumn('ircc_number', 'text').execute();
  await db.updateTable('applications').set({ stage: 'decision' }).where('status', 'in', ['approved', 'rejected']).execute();
  await db.schema.createIndex('applications_stage').on('applications').columns(['stage', 'created_at']).execute();

  await db.schema
    .createTable('case_letters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('letter_date', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('rule_deadline', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('done_on', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_letters_application').on('case_letters').column('application_id').execute();
  // The application beside the deadline: the list's deadline filter (ADR 0079) reads which applications have a letter
  // due from this index alone. done_on too, though always empty here: SQLite reads an index alone only when it holds
  // every column the query names.
  await db.schema
    .createIndex('case_letters_open')
    .on('case_letters')
    .columns(['deadline', 'application_id', 'done_on'])
    .where(sql.ref('done_on'), 'is', null)
    .execute();
  await db.schema
    .createIndex('case_letters_owner_open')
    .on('case_letters')
    .columns(['owner_id', 'deadline'])
    .where(sql.ref('done_on'), 'is', null)
    .execute();

  await db.schema
    .createTable('case_steps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('occurred_on', 'text', (c) => c.notNull())
    .addColumn('letter_id', 'text', (c) => c.references('case_letters.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recorded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_steps_application').on('case_steps').columns(['application_id', 'recorded_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('case_steps').execute();
  await db.schema.dropTable('case_letters').execute();
  await db.schema.dropIndex('applications_stage').execute();
  await db.schema.alterTable('applications').dropColumn('ircc_number').execute();
  await db.schema.alterTable('applications').dropColumn('stage').execute();
}
