import { type Kysely, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One outbox for everything the app sends (ADR 0060): emails, SMS and WhatsApp messages wait,
 * are leased and retried in one table, `outbox`, with its channel on each row. Every row of
 * `email_outbox` and `message_outbox` moves across as it is, whatever its state, so a message
 * waiting or being sent goes on from where it was, and the sent ones stay for the history, the
 * daily limits and the delivery receipts; the two tables then go.
 *
 * An email's subject and bodies are written when it is queued; a text message is written when it
 * is sent, from `kind` ('status' or 'documents', null for an email). `recipient` is an email's
 * address from the start, a text message's number once it is sent (what the per-number limit
 * counts). A row outlives a deleted application with no application, as emails always did: a text
 * message left so is never sent.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('application_id', 'text', (c) => c.references('applications.id').onDelete('set null'))
    .addColumn('recipient', 'text')
    .addColumn('subject', 'text')
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('secret', 'text')
    .addColumn('from_status', 'text')
    .addColumn('due_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_status', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('provider_status', 'text')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_application').on('outbox').columns(['application_id', 'channel']).execute();
  await db.schema.createIndex('outbox_provider_id').on('outbox').column('provider_id').execute();
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'sent_at']).execute();

  const columns = [
    'id',
    'channel',
    'kind',
    'application_id',
    'recipient',
    'subject',
    'text_body',
    'html_body',
    'secret',
    'from_status',
    'due_date',
    'status',
    'attempts',
    'next_attempt_at',
    'last_error',
    'sent_at',
    'created_at',
    'sent_status',
    'provider_id',
    'provider_status',
  ] as const;
  const none = sql<null>`null`;
  await db
    .insertInto('outbox')
    .columns([...columns])
    .expression(
      db
        .selectFrom('email_outbox')
        .select([
          'id',
          sql<string>`'email'`.as('channel'),
          none.as('kind'),
          'application_id',
          'to_address',
          'subject',
          'text_body',
          'html_body',
          'secret',
          'from_status',
          none.as('due_date'),
          'status',
          'attempts',
          'next_attempt_at',
          'last_error',
          'sent_at',
          'created_at',
          none.as('sent_status'),
          none.as('provider_id'),
          none.as('provider_status'),
        ]),
    )
    .execute();
  await db
    .insertInto('outbox')
    .columns([...columns])
    .expression(
      db
        .selectFrom('message_outbox')
        .select([
          'id',
          'channel',
          'kind',
          'application_id',
          'to_number',
          none.as('subject'),
          none.as('text_body'),
          none.as('html_body'),
          'secret',
          'from_status',
          'due_date',
          'status',
          'attempts',
          'next_attempt_at',
          'last_error',
          'sent_at',
          'created_at',
          'sent_status',
          'provider_id',
          'provider_status',
        ]),
    )
    .execute();
  await db.schema.dropTable('message_outbox').execute();
  await db.schema.dropTable('email_outbox').execute();
}

/** The two tables again, each with its rows; a text message of a deleted application has nowhere to go back to and is left out. */
export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.references('applications.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('from_status', 'text')
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('email_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_application_idx').on('email_outbox').column('application_id').execute();
  await db.schema
    .createTable('message_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('sent_status', 'text')
    .addColumn('to_number', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('provider_status', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('status'))
    .addColumn('secret', 'text')
    .addColumn('due_date', 'text')
    .execute();
  await db.schema.createIndex('message_outbox_due').on('message_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('message_outbox_application').on('message_outbox').columns(['application_id', 'channel']).execute();
  await db.schema.createIndex('message_outbox_provider_id').on('message_outbox').column('provider_id').execute();
  await db.schema.createIndex('message_outbox_number').on('message_outbox').columns(['to_number', 'sent_at']).execute();

  await db
    .insertInto('email_outbox')
    .columns([
      'id',
      'application_id',
      'to_address',
      'subject',
      'text_body',
      'html_body',
      'status',
      'attempts',
      'next_attempt_at',
      'last_error',
      'sent_at',
      'created_at',
      'secret',
      'from_status',
    ])
    .expression(
      db
        .selectFrom('outbox')
        .select([
          'id',
          'application_id',
          'recipient',
          'subject',
          'text_body',
          'html_body',
          'status',
          'attempts',
          'next_attempt_at',
          'last_error',
          'sent_at',
          'created_at',
          'secret',
          'from_status',
        ])
        .where('channel', '=', 'email'),
    )
    .execute();
  await db
    .insertInto('message_outbox')
    .columns([
      'id',
      'application_id',
      'channel',
      'from_status',
      'status',
      'attempts',
      'next_attempt_at',
      'sent_status',
      'to_number',
      'provider_id',
      'provider_status',
      'last_error',
      'sent_at',
      'created_at',
      'kind',
      'secret',
      'due_date',
    ])
    .expression(
      db
        .selectFrom('outbox')
        .select([
          'id',
          'application_id',
          'channel',
          'from_status',
          'status',
          'attempts',
          'next_attempt_at',
          'sent_status',
          'recipient',
          'provider_id',
          'provider_status',
          'last_error',
          'sent_at',
          'created_at',
          'kind',
          'secret',
          'due_date',
        ])
        .where('channel', '<>', 'email')
        .where('application_id', 'is not', null),
    )
    .execute();
  await db.schema.dropTable('outbox').execute();
}
