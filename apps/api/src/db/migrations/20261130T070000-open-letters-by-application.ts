import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The application list's deadline filter at any size (ADR 0079, ADR 0085):
 * - An index of the open letters by application, deadline beside it: when many applications have
 *   letters due, the list walks the newest-first applications and asks of each whether its
 *   earliest open letter is due by the day, one seek here, read from the index alone.
 * - Kept counts (ADR 0028) of the applications by their earliest open letter's deadline (kind
 *   'due', key 'YYYY-MM-DD'): how many have a letter due by a day is a sum over days, where telling
 *   the due letters' applications apart cost what is due on every request. Triggers on the letters
 *   move an application from its earliest open deadline before a change to the one after it, in the
 *   same transaction. A count that falls to zero keeps its row.
 */

/** An application's earliest open deadline now. */
const earliestNow = (app: string) => `(select min(c.deadline) from case_letters c where c.application_id = ${app} and c.done_on is null)`;

/**
 * SQLite (its row triggers run after each row, one writer at a time): an application's earliest
 * open deadline before the change, from its letters now but `changed`, and `was` (the changed
 * letter's deadline before, when it was open; else null).
 */
const earliestBeforeSqlite = (app: string, changed: string, was: string) =>
  `(select min(x.deadline) from (select c.deadline from case_letters c where c.application_id = ${app} and c.done_on is null and c.id <> ${changed} union all select ${was} as deadline) x)`;

/** SQLite: the statement that moves one application's count, when `only` holds. */
const moveSqlite = (app: string, changed: string, was: string, only = 'true') => `
  insert into application_counts (kind, key, n)
  select 'due', d.key, d.n from (
    select m.before_day as key, -1 as n from (select ${earliestBeforeSqlite(app, changed, was)} as before_day, ${earliestNow(app)} as after_day) m
    where m.before_day is not null and m.before_day is not m.after_day
    union all
    select m.after_day, 1 from (select ${earliestBeforeSqlite(app, changed, was)} as before_day, ${earliestNow(app)} as after_day) m
    where m.after_day is not null and m.before_day is not m.after_day
  ) d
  where ${only}
  on conflict (kind, key) do update set n = application_counts.n + excluded.n;`;

const NO_LETTERS = '(select null::text as id, null::text as application_id, null::text as deadline, null::text as done_on where false)';

/**
 * PostgreSQL (statement triggers: a statement may change several letters of one application, a
 * cascade all of them): for each application of the letters `before` and `after` the statement,
 * its earliest open deadline before, from its letters now but those in `after` and those in
 * `before` as they were, and now. Counters are changed in key order, so that two writers of letters
 * cannot deadlock over them.
 */
const movePostgres = (before: string, after: string) => `
  insert into application_counts (kind, key, n)
  select 'due', d.key, sum(d.n)
  from (select application_id from ${before} b union select application_id from ${after} a) apps
  cross join lateral (
    select ${earliestNow('apps.application_id')} as after_day,
      (select min(x.deadline) from (
        select c.deadline from case_letters c
        where c.application_id = apps.application_id and c.done_on is null and c.id not in (select id from ${after} a)
        union all
        select b.deadline from ${before} b where b.application_id = apps.application_id and b.done_on is null
      ) x) as before_day
  ) m
  cross join lateral (values (m.before_day, -1), (m.after_day, 1)) d (key, n)
  where d.key is not null and m.before_day is distinct from m.after_day
  group by d.key
  having sum(d.n) <> 0
  order by d.key
  on conflict (kind, key) do update set n = application_counts.n + excluded.n`;

const POSTGRES_TRIGGERS = [
  { event: 'insert', transition: 'new table as after_rows', before: NO_LETTERS, after: 'after_rows' },
  { event: 'update', transition: 'old table as before_rows new table as after_rows', before: 'before_rows', after: 'after_rows' },
  { event: 'delete', transition: 'old table as before_rows', before: 'before_rows', after: NO_LETTERS },
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('case_letters_open_by_application')
    .on('case_letters')
    // done_on too, though always empty here: SQLite reads an index alone only when it holds every column the query names.
    .columns(['application_id', 'deadline', 'done_on'])
    .where(sql.ref('done_on'), 'is', null)
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const { event, transition, before, after } of POSTGRES_TRIGGERS) {
      await sql
        .raw(
          `create function application_due_counts_${event}() returns trigger language plpgsql as $$
          begin
            ${movePostgres(before, after)};
            return null;
          end
          $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger application_due_counts_${event} after ${event} on case_letters
          referencing ${transition} for each statement execute function application_due_counts_${event}()`,
        )
        .execute(db);
    }
  } else {
    await sql
      .raw(
        `create trigger application_due_counts_insert after insert on case_letters when new.done_on is null begin
        ${moveSqlite('new.application_id', 'new.id', 'null')}
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger application_due_counts_delete after delete on case_letters when old.done_on is null begin
        ${moveSqlite('old.application_id', 'old.id', 'old.deadline')}
      end`,
      )
      .execute(db);
    // The letter's application before, and (moved to another) the one after.
    await sql
      .raw(
        `create trigger application_due_counts_update after update of application_id, deadline, done_on on case_letters
      when old.application_id is not new.application_id or old.deadline is not new.deadline or old.done_on is not new.done_on
      begin
        ${moveSqlite('old.application_id', 'new.id', 'case when old.done_on is null then old.deadline end')}
        ${moveSqlite('new.application_id', 'new.id', 'null', 'old.application_id is not new.application_id')}
      end`,
      )
      .execute(db);
  }

  // The letters already there, counted once.
  await sql`
    insert into application_counts (kind, key, n)
    select 'due', e.deadline, count(*)
    from (select min(deadline) as deadline from case_letters where done_on is null group by application_id) e
    group by e.deadline`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const { event } of POSTGRES_TRIGGERS) {
      await sql.raw(`drop trigger if exists application_due_counts_${event} on case_letters`).execute(db);
      await sql.raw(`drop function if exists application_due_counts_${event}()`).execute(db);
    }
  } else {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists application_due_counts_${event}`).execute(db);
  }
  await db.deleteFrom('application_counts').where('kind', '=', 'due').execute();
  await db.schema.dropIndex('case_letters_open_by_application').execute();
}
