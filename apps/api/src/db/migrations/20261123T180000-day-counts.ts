import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Adds to the kept counts (migration 20261123T170000) one per UTC day of creation (kind 'day', key
 * 'YYYY-MM-DD') and one per status and UTC day (kind 'day:<status>'). With them a deep page of the
 * list, filtered by status or not, is found by summing a few hundred days instead of skipping
 * every row before it (ADR 0030). The triggers are those of 20261123T170000 with two counters
 * more, still changed in the same statement and, on PostgreSQL, in sorted key order.
 */
export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create or replace function application_counts_apply() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into application_counts (kind, key, n)
          select d.kind, d.key, d.n
          from (values ('hour', substr(new.created_at, 1, 13), 1), ('day', substr(new.created_at, 1, 10), 1), ('day:' || new.status, substr(new.created_at, 1, 10), 1),
                       ('job', new.job_title, 1), ('status', new.status, 1)) d (kind, key, n)
          order by d.kind, d.key
          on conflict (kind, key) do update set n = application_counts.n + excluded.n;
        elsif tg_op = 'DELETE' then
          insert into application_counts (kind, key, n)
          select d.kind, d.key, d.n
          from (values ('hour', substr(old.created_at, 1, 13), -1), ('day', substr(old.created_at, 1, 10), -1), ('day:' || old.status, substr(old.created_at, 1, 10), -1),
                       ('job', old.job_title, -1), ('status', old.status, -1)) d (kind, key, n)
          order by d.kind, d.key
          on conflict (kind, key) do update set n = application_counts.n + excluded.n;
        else
          insert into application_counts (kind, key, n)
          select d.kind, d.key, sum(d.n)
          from (values ('hour', substr(new.created_at, 1, 13), 1), ('day', substr(new.created_at, 1, 10), 1), ('day:' || new.status, substr(new.created_at, 1, 10), 1),
                       ('job', new.job_title, 1), ('status', new.status, 1),
                       ('hour', substr(old.created_at, 1, 13), -1), ('day', substr(old.created_at, 1, 10), -1), ('day:' || old.status, substr(old.created_at, 1, 10), -1),
                       ('job', old.job_title, -1), ('status', old.status, -1)) d (kind, key, n)
          group by d.kind, d.key
          having sum(d.n) <> 0
          order by d.kind, d.key
          on conflict (kind, key) do update set n = application_counts.n + excluded.n;
        end if;
        return null;
      end
      $$`.execute(db);
  } else {
    await dropSqliteTriggers(db);
    await sql`
      create trigger application_counts_insert after insert on applications begin
        insert into application_counts (kind, key, n)
        values ('hour', substr(new.created_at, 1, 13), 1), ('day', substr(new.created_at, 1, 10), 1), ('day:' || new.status, substr(new.created_at, 1, 10), 1),
          ('job', new.job_title, 1), ('status', new.status, 1)
        on conflict (kind, key) do update set n = application_counts.n + 1;
      end`.execute(db);
    await sql`
      create trigger application_counts_delete after delete on applications begin
        update application_counts set n = n - 1
        where (kind = 'hour' and key = substr(old.created_at, 1, 13)) or (kind = 'day' and key = substr(old.created_at, 1, 10))
          or (kind = 'day:' || old.status and key = substr(old.created_at, 1, 10))
          or (kind = 'job' and key = old.job_title) or (kind = 'status' and key = old.status);
      end`.execute(db);
    await sql`
      create trigger application_counts_update after update of status, job_title, created_at on applications
      when old.status is not new.status or old.job_title is not new.job_title or old.created_at is not new.created_at
      begin
        update application_counts set n = n - 1
        where (kind = 'hour' and key = substr(old.created_at, 1, 13)) or (kind = 'day' and key = substr(old.created_at, 1, 10))
          or (kind = 'day:' || old.status and key = substr(old.created_at, 1, 10))
          or (kind = 'job' and key = old.job_title) or (kind = 'status' and key = old.status);
        insert into application_counts (kind, key, n)
        values ('hour', substr(new.created_at, 1, 13), 1), ('day', substr(new.created_at, 1, 10), 1), ('day:' || new.status, substr(new.created_at, 1, 10), 1),
          ('job', new.job_title, 1), ('status', new.status, 1)
        on conflict (kind, key) do update set n = application_counts.n + 1;
      end`.execute(db);
  }

  // The rows already there, counted once.
  await sql`
    insert into application_counts (kind, key, n)
    select 'day', substr(created_at, 1, 10), count(*) from applications group by substr(created_at, 1, 10)
    union all select 'day:' || status, substr(created_at, 1, 10), count(*) from applications group by status, substr(created_at, 1, 10)`.execute(
    db,
  );
}

async function dropSqliteTriggers(db: AnyDb): Promise<void> {
  for (const name of ['application_counts_insert', 'application_counts_delete', 'application_counts_update']) {
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
}

/** Back to the triggers of 20261123T170000, without the day counts. */
export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create or replace function application_counts_apply() returns trigger language plpgsql as $$
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
  } else {
    await dropSqliteTriggers(db);
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
  await sql`delete from application_counts where kind = 'day' or kind like 'day:%'`.execute(db);
}
