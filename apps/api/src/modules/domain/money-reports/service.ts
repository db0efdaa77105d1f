import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { addDays, todayIn } from '@visa/shared/dates';
import { type PaymentMethod, fiscalYearOf, receiptNumberText } from '@visa/shared/money';
import {
  MONEY_REPORT_TEXTS as T,
  type MoneyTile,
  type MonthlyReport,
  OUTSTANDING_PAGE_SIZE,
  type OutstandingReport,
  REPORT_MAX_DAYS,
  type ReceivedReport,
  type ReportRangeQuery,
  fiscalYearRange,
  takaDecimal,
} from '@visa/shared/money-reports';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { badRequest } from '../../../lib/http-error.js';
import type { Actor } from '../../../plugins/auth.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { csvCell } from '../applications/csv.js';
import * as repo from './repository.js';

/** Money reports (ADR 0092): what came in, who owes, the accountant's CSV and the dashboard's figures. */

const today = (ctx: AppContext) => todayIn(ctx.config.APP_TIMEZONE, clockOf(ctx)());

/** The range asked for, this month to today by default; refused when longer than a report covers. */
export function rangeOf(ctx: AppContext, query: ReportRangeQuery): { from: string; to: string } {
  const day = today(ctx);
  const to = query.to ?? (query.from && query.from > day ? query.from : day);
  const from = query.from ?? `${to.slice(0, 8)}01`;
  if (from > to) throw badRequest(T.rangeBackwards, [{ path: 'from', message: T.rangeBackwards }]);
  if (addDays(from, REPORT_MAX_DAYS - 1) < to) throw badRequest(T.rangeTooLong, [{ path: 'to', message: T.rangeTooLong }]);
  return { from, to };
}

function toReport(from: string, to: string, sums: repo.MovedSum[]): ReceivedReport {
  const rows: ReceivedReport['rows'] = [];
  const totals: ReceivedReport['totals'] = {};
  for (const sum of sums) {
    let row = rows.at(-1);
    if (row?.period !== sum.period) {
      row = { period: sum.period, byMethod: {}, totalMinor: 0 };
      rows.push(row);
    }
    const method = sum.method as PaymentMethod;
    row.byMethod[method] = sum.netMinor;
    row.totalMinor += sum.netMinor;
    totals[method] = (totals[method] ?? 0) + sum.netMinor;
  }
  return { from, to, rows, totals, totalMinor: rows.reduce((total, row) => total + row.totalMinor, 0) };
}

export async function receivedDaily(ctx: AppContext, query: ReportRangeQuery): Promise<ReceivedReport> {
  const { from, to } = rangeOf(ctx, query);
  return toReport(from, to, await repo.sumMoved(ctx.db, from, to, false));
}

/** A fiscal year's months (July to June), the current one by default. */
export async function receivedMonthly(ctx: AppContext, fiscalYear: string | undefined): Promise<MonthlyReport> {
  const year = fiscalYear ?? fiscalYearOf(today(ctx));
  const { from, to } = fiscalYearRange(year);
  return { ...toReport(from, to, await repo.sumMoved(ctx.db, from, to, true)), fiscalYear: year };
}

/** The applications that owe, largest first, each named as the list names it: erased ones by the marker. */
export async function outstanding(ctx: AppContext, page: number): Promise<OutstandingReport> {
  const [totals, rows] = await Promise.all([
    repo.outstandingTotals(ctx.db),
    repo.owingPage(ctx.db, (page - 1) * OUTSTANDING_PAGE_SIZE, OUTSTANDING_PAGE_SIZE),
  ]);
  return {
    applications: rows.map((r) => ({
      applicationId: r.applicationId,
      name: r.givenName === null ? T.deletedName : r.erased ? APPLICATION_TEXTS.erasedName : `${r.givenName} ${r.surname ?? ''}`.trim(),
      dueMinor: r.dueMinor,
    })),
    count: totals.count,
    totalMinor: totals.totalMinor,
    page,
    totalPages: Math.max(1, Math.ceil(totals.count / OUTSTANDING_PAGE_SIZE)),
  };
}

export async function moneyTile(ctx: AppContext): Promise<MoneyTile> {
  const day = today(ctx);
  const [sums, totals] = await Promise.all([repo.sumMoved(ctx.db, day, day, false), repo.outstandingTotals(ctx.db)]);
  return { date: day, todayMinor: sums.reduce((total, s) => total + s.netMinor, 0), outstandingMinor: totals.totalMinor };
}

const CSV_BATCH = 1000;

/**
 * A line of formula-safe cells (the applications export's rule), and the amount as it is: a
 * "-1000.00" we wrote is a number for the spreadsheet to add up, never a formula, and an
 * apostrophe would turn it into text.
 */
const csvLine = (cells: (string | null)[], amount = '') => `${[...cells.map(csvCell), amount].join(',')}\r\n`;

/**
 * Every entry that moved money in a range, one row each, for the accountant: the amount is what it
 * did to the money in hand (a refund or the reversal of a payment is negative), in taka with two
 * decimals. The application is named by its id only, and entries' descriptions stay out: the
 * file leaves the office, and free text may name people.
 */
export async function* exportEntriesCsv(ctx: AppContext, actor: Actor, range: { from: string; to: string }): AsyncGenerator<string> {
  const { from, to } = range;
  await recordAudit(ctx.db, {
    actorUserId: actor._id,
    action: AUDIT_ACTIONS.money.entriesExported,
    entity: AUDIT_ENTITIES.application,
    entityId: null,
    details: { from, to },
  });
  yield `\uFEFF${T.csvHeader.map(csvCell).join(',')}\r\n`;
  let after: { day: string; id: string } | null = null;
  for (;;) {
    const rows = await repo.movedEntriesAfter(ctx.db, from, to, after, CSV_BATCH);
    if (rows.length === 0) return;
    yield rows
      .map((r) => {
        const [fiscalYear, number] = r.receipt?.split('|') ?? [];
        return csvLine(
          [
            r.occurred_on,
            fiscalYear && number ? receiptNumberText(fiscalYear, Number(number)) : '',
            r.application_id,
            r.kind,
            r.method,
            r.method_ref,
            r.staff ?? T.gateway,
          ],
          takaDecimal(-r.due_effect),
        );
      })
      .join('');
    const last = rows.at(-1)!;
    after = { day: last.occurred_on, id: last.id };
  }
}
