import { sql } from 'kysely';
import type { ApplicationStats } from '@visa/shared/applications';
import { type ApplicationStatus, JOB_TITLES } from '@visa/shared/constants';
import type { Db } from '../../../db/connection.js';
import { type QueryParam, compiledQuery } from '../../../db/compiled-query.js';

/**
 * Reads of the counts the database keeps of the applications (migration 20261123T170000, ADR 0028):
 * one row per status, job title, UTC hour and UTC day, so that totals, the dashboard and deep pages
 * cost the same however many applications there are.
 */

/** The kept counts of one kind: one row per status, job title or UTC hour. */
const countsOfStatus = compiledQuery((db) => db.selectFrom('application_counts').select(['key', 'n']).where('kind', '=', 'status'));

/** Applications per status from the kept counts; every list page without a search reads them. */
export async function statusCounts(db: Db): Promise<Record<ApplicationStatus, number>> {
  const rows = await countsOfStatus(db, {});
  const byStatus: Record<ApplicationStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const r of rows) if (r.key in byStatus) byStatus[r.key as ApplicationStatus] = Number(r.n);
  return byStatus;
}

/**
 * Applications with an open letter due by a day ('YYYY-MM-DD'), overdue ones included: the kept
 * counts of the applications by their earliest open letter's deadline (migration 20261130T070000,
 * ADR 0085), summed up to that day.
 */
const countsDueBy = compiledQuery((db, bind: QueryParam<'dueBy'>) =>
  db
    .selectFrom('application_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), eb.lit(0)).as('n'))
    .where('kind', '=', 'due')
    .where('key', '<=', bind('dueBy')),
);

export async function dueCount(db: Db, dueBy: string): Promise<number> {
  const [row] = await countsDueBy(db, { dueBy });
  return Number(row?.n ?? 0);
}

/**
 * The UTC day in which the row at `position` falls, counting from the newest (`desc`) or the
 * oldest (`asc`) application of the list, and how many rows come before that day in that order.
 * A running sum of the kept day counts: first by month (the database sums a few hundred day rows
 * into a row per month), then over the days of the one month it falls in. Undefined when the
 * counts end first (rows deleted since the total was read).
 */
export async function dayOfPosition(
  db: Db,
  status: ApplicationStatus | undefined,
  position: number,
  order: 'asc' | 'desc',
): Promise<{ day: string; before: number } | undefined> {
  const kind = status ? (`day:${status}` as const) : 'day';
  const monthOf = sql<string>`substr(${sql.ref('key')}, 1, 7)`;
  const months = await db
    .selectFrom('application_counts')
    .select((eb) => [monthOf.as('month'), eb.fn.sum<number | string>('n').as('n')])
    .where('kind', '=', kind)
    .groupBy(monthOf)
    .orderBy('month', order)
    .execute();
  let before = 0;
  for (const { month, n } of months) {
    if (before + Number(n) <= position) {
      before += Number(n);
      continue;
    }
    const days = await db
      .selectFrom('application_counts')
      .select(['key', 'n'])
      .where('kind', '=', kind)
      .where('key', '>=', `${month}-01`)
      .where('key', '<=', `${month}-31`)
      .orderBy('key', order)
      .execute();
    for (const { key, n: count } of days) {
      if (before + Number(count) > position) return { day: key, before };
      before += Number(count);
    }
    return undefined;
  }
  return undefined;
}

/** An ISO instant's UTC hour, as the hour counts are keyed ('YYYY-MM-DDTHH'). */
const hourKey = (iso: string) => iso.slice(0, 13);
/** The start of the UTC hour after the one `iso` falls in. */
const nextHour = (iso: string) => new Date(Date.parse(`${hourKey(iso)}:00:00.000Z`) + 3_600_000).toISOString();
const onTheHour = (iso: string) => iso.slice(13) === ':00:00.000Z';

/** Counts of applications created in [from, to), by a range count on the created_at index. */
async function countCreatedBetween(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Applications created in [from, to): the sum of the kept counts of the whole UTC hours inside (a
 * range of the counts' primary key, summed by the database), plus a range count of the part-hours
 * at either end, for zones whose months start at :30 or :45.
 */
async function countMonth(db: Db, from: string, to: string): Promise<number> {
  const first = onTheHour(from) ? from : nextHour(from);
  const last = `${hourKey(to)}:00:00.000Z`;
  if (first > last) return countCreatedBetween(db, from, to);
  const row = await db
    .selectFrom('application_counts')
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
    .where('kind', '=', 'hour')
    .where('key', '>=', hourKey(first))
    .where('key', '<', hourKey(last))
    .executeTakeFirstOrThrow();
  let count = Number(row.n ?? 0);
  if (first !== from) count += await countCreatedBetween(db, from, first);
  if (last !== to) count += await countCreatedBetween(db, last, to);
  return count;
}

/**
 * Counts for the dashboard, from the counts the database keeps (ADR 0028): a few rows per status
 * and job title and a sum over at most a month of hours per month, however many applications
 * there are. Months are given as UTC ranges so both engines count them the same way.
 */
export async function applicationStats(db: Db, months: { month: string; from: string; to: string }[]): Promise<ApplicationStats> {
  const [byStatus, jobRows, monthCounts] = await Promise.all([
    statusCounts(db),
    db.selectFrom('application_counts').select(['key', 'n']).where('kind', '=', 'job').execute(),
    Promise.all(months.map((m) => countMonth(db, m.from, m.to))),
  ]);
  const jobCounts = new Map(jobRows.map((r) => [r.key, Number(r.n)]));
  return {
    total: byStatus.pending + byStatus.approved + byStatus.rejected,
    byStatus,
    byMonth: months.map((m, i) => ({ month: m.month, count: monthCounts[i]! })),
    byJobTitle: JOB_TITLES.map((jobTitle) => ({ jobTitle, count: jobCounts.get(jobTitle) ?? 0 })),
  };
}
