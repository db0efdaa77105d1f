import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { PAYMENT_METHODS } from './money.js';

/**
 * Money reports for the office's owners (ADR 0092): what came in per day and per month by method,
 * net of refunds and reversals; who still owes; every entry that moved money as a CSV for the
 * accountant; the dashboard's tile. Amounts are integer paisa.
 */

/** The longest range a daily report or the CSV covers: a little over a year. */
export const REPORT_MAX_DAYS = 400;

const Day = z.string().refine((v) => isIsoDate(v) && v >= '2000-01-01' && v <= '2100-12-31', 'Please enter a valid date.');

export const ReportRangeQuerySchema = z
  .object({ from: Day.optional(), to: Day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The first day must not come after the last.', path: ['from'] });
export type ReportRangeQuery = z.infer<typeof ReportRangeQuerySchema>;

export const FiscalYearQuerySchema = z.object({
  fiscalYear: z
    .string()
    .regex(/^(20\d\d)-(\d\d)$/, 'A fiscal year is written as 2026-27.')
    .refine((v) => (Number(v.slice(0, 4)) + 1) % 100 === Number(v.slice(5)), 'A fiscal year is written as 2026-27.')
    .optional(),
});

export const OutstandingQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** Net money in per method (payments less refunds, reversals counted against what they undo). */
const ByMethod = z.partialRecord(z.enum(PAYMENT_METHODS), z.number().int());

const ReceivedRow = z.object({ period: z.string(), byMethod: ByMethod, totalMinor: z.number().int() });
export type ReceivedRow = z.infer<typeof ReceivedRow>;

export const ReceivedReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Days (YYYY-MM-DD) or months (YYYY-MM) that had money in or out, in order. */
  rows: z.array(ReceivedRow),
  totals: ByMethod,
  totalMinor: z.number().int(),
});
export type ReceivedReport = z.infer<typeof ReceivedReportSchema>;

export const MonthlyReportSchema = ReceivedReportSchema.extend({ fiscalYear: z.string() });
export type MonthlyReport = z.infer<typeof MonthlyReportSchema>;

export const OUTSTANDING_PAGE_SIZE = 50;

export const OutstandingReportSchema = z.object({
  applications: z.array(
    z.object({
      applicationId: z.string(),
      /** The applicant's name, the erased marker once their data is erased, or the deleted marker. */
      name: z.string(),
      dueMinor: z.number().int(),
    }),
  ),
  count: z.number().int(),
  totalMinor: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type OutstandingReport = z.infer<typeof OutstandingReportSchema>;

export const MoneyTileSchema = z.object({ date: z.string(), todayMinor: z.number().int(), outstandingMinor: z.number().int() });
export type MoneyTile = z.infer<typeof MoneyTileSchema>;

/** How long financial records stay after the applicant's personal data is erased or the application deleted. */
export const FinancialRetentionSchema = z.object({
  years: z
    .number({ error: 'Please enter a whole number of years from 1 to 30.' })
    .int('Please enter a whole number of years from 1 to 30.')
    .min(1, 'Please enter a whole number of years from 1 to 30.')
    .max(30, 'Please enter a whole number of years from 1 to 30.'),
});
export type FinancialRetention = z.infer<typeof FinancialRetentionSchema>;
/** Bangladesh's Income Tax Act asks for six years of books; the office can keep them longer. */
export const DEFAULT_FINANCIAL_RETENTION: FinancialRetention = { years: 6 };

/** The fiscal year's first and last days. */
export function fiscalYearRange(fiscalYear: string): { from: string; to: string } {
  const start = Number(fiscalYear.slice(0, 4));
  return { from: `${start}-07-01`, to: `${start + 1}-06-30` };
}

/** Paisa as the accountant's spreadsheet reads taka: "-1234.50", made with integers, never floats. */
export function takaDecimal(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const MONEY_REPORT_TEXTS = {
  rangeBackwards: 'The first day must not come after the last.',
  rangeTooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
  deletedName: 'Application deleted',
  csvHeader: ['date', 'receipt', 'application', 'kind', 'method', 'transaction_id', 'recorded_by', 'amount_bdt'],
  gateway: 'Payment gateway',
} as const;
