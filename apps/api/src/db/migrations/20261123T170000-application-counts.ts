import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Counts of applications kept by the database itself (ADR 0028): per status, per job title and
 * per UTC hour of creation (`key` is created_at's first 13 characters, 'YYYY-MM-DDTHH'). Triggers
 * change them in the same transaction as the row, so they are exact under concurrent writers and
 * several processes, and the list totals and the dashboard read a few rows instead of grouping the
 * whole table on each request. A count that falls to zero keeps its row.
 */
export async function up(db: AnyDb): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('application_counts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('n', isPostgres ? 'bigint' : 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('application_counts_pk', ['kind', 'key'])
    .execute();

  if (isPostgres) {
    // One statement per row change, its keys locked in sorted order, so two transactions that
    // touch the same counters (an approval and a new application) cannot deadlock each other.
    await sql`
      create function application_counts_apply() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into application_counts (kind, key, n)
          select d.kind, d.key, d.n
          from (values ('hour', substr(new.created_at, 1, 13), 1), ('job', new.job_title, 1), ('status', new.status, 1)) d (kind, key, n)
          order by d.kind, d.key
          on conflict (kind, key) do update set n = application_counts.n + excluded.n;
        elsif tg_op = 'DELETE' then
          insert into application_counts (kind, key, n)
          select d.kind, d.key, d.n
          from (values ('hour', substr(old.created_at, 1, 13), -1), ('job', old.job_title, -1), ('status', old.status, -1)) d (kind, key, n)
          order by d.kind, d.key
          on conflict (kind, key) do update set n = application_counts.n + excluded.n;
        else
          insert into application_counts (kind, key, n)
          select d.kind, d.key, sum(d.n)
          from (values ('hour', substr(new.created_at, 1, 13), 1), ('job', new.job_title, 1), ('status', new.status, 1),
                       ('hour', substr(old.created_at, 1, 13), -1), ('job', old.job_title, -1), ('status', old.status, -1)) d (kind, key, n)
          group by d.kind, d.key
          having sum(d.n) <> 0
          order by d.kind, d.key
          on conflict (kind, key) do update set n = application_counts.n + excluded.n;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger application_counts_trg
      after insert or delete or update of status, job_title, created_at on applications
      for each row execute function application_counts_apply()`.execute(db);
  } else {
    // SQLite has one writer at a time, so plain statements in the trigger are enough.
    await sql`
      create trigger application_counts_insert after insert on applications begin
        insert into application_counts (kind, key, n)
        values ('hour', substr(new.created_at, 1, 13), 1), ('job', new.job_title, 1), ('status', new.status, 1)
        on conflict (kind, key) do update set n = application_counts.n + 1;
      end`.execute(db);
    await sql`
      create trigger application_counts_delete after delete on applications begin
        update application_counts set n = n - 1
        where (kind = 'hour' and key = substr(old.created_at, 1, 13)) or (kind = 'job' and key = old.job_title)
          or (kind = 'status' and key = old.status);
      end`.execute(db);
    await sql`
      create trigger application_counts_update after update of status, job_title, created_at on applications
      when old.status is not new.status or old.job_title is not new.job_title or old.created_at is not new.created_at
      begin
        update application_counts set n = n - 1
        where (kind = 'hour' and key = substr(old.created_at, 1, 13)) or (kind = 'job' and key = old.job_title)
          or (kind = 'status' and key = old.status);
        insert into application_counts (kind, key, n)
        values ('hour', substr(new.created_at, 1, 13), 1), ('job', new.job_title, 1), ('status', new.status, 1)
        on conflict (kind, key) do update set n = application_counts.n + 1;
      end`.execute(db);
  }

  // The rows already there, counted once.
  await sql`
    insert into application_counts (kind, key, n)
    select 'status', status, count(*) from applications group by status
    union all select 'job', job_title, count(*) from applications group by job_title
    union all select 'hour', substr(created_at, 1, 13), count(*) from applications group by substr(created_at, 1, 13)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger if exists application_counts_trg on applications`.execute(db);
    await sql`drop function if exists application_counts_apply()`.execute(db);
  } else {
    for (const name of ['application_counts_insert', 'application_counts_delete', 'application_counts_update']) {
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('application_counts').ifExists().execute();
}
