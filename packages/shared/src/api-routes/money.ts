import { IdParamsSchema } from '../ids.js';
import { EntryParamsSchema, FeeScheduleSchema, LedgerSchema, NewEntrySchema, RefundSchema, ReversalSchema } from '../money.js';
import {
  FinancialRetentionSchema,
  FiscalYearQuerySchema,
  MoneyTileSchema,
  MonthlyReportSchema,
  OutstandingQuerySchema,
  OutstandingReportSchema,
  ReceivedReportSchema,
  ReportRangeQuerySchema,
} from '../money-reports.js';
import { errors } from './errors.js';

const change = errors(400, 401, 403, 404, 409);

/** The request and response schemas of money on an application (ADR 0084). */
export const MONEY_ROUTES = {
  getLedger: { params: IdParamsSchema, response: { 200: LedgerSchema, ...errors(400, 401, 403, 404) } },
  addLedgerEntry: { params: IdParamsSchema, body: NewEntrySchema, response: { 200: LedgerSchema, ...change } },
  reverseLedgerEntry: { params: EntryParamsSchema, body: ReversalSchema, response: { 200: LedgerSchema, ...change } },
  refundLedgerPayment: { params: EntryParamsSchema, body: RefundSchema, response: { 200: LedgerSchema, ...change, ...errors(502) } },
  getFeeSchedule: { response: { 200: FeeScheduleSchema, ...errors(401) } },
  updateFeeSchedule: { body: FeeScheduleSchema, response: { 200: FeeScheduleSchema, ...errors(400, 401, 403) } },
  // Money reports (ADR 0092).
  getMoneyReceivedDaily: { querystring: ReportRangeQuerySchema, response: { 200: ReceivedReportSchema, ...errors(400, 401, 403) } },
  getMoneyReceivedMonthly: { querystring: FiscalYearQuerySchema, response: { 200: MonthlyReportSchema, ...errors(400, 401, 403) } },
  getMoneyOutstanding: { querystring: OutstandingQuerySchema, response: { 200: OutstandingReportSchema, ...errors(400, 401, 403) } },
  exportMoneyEntries: { querystring: ReportRangeQuerySchema },
  getMoneyTile: { response: { 200: MoneyTileSchema, ...errors(401, 403) } },
  getFinancialRetention: { response: { 200: FinancialRetentionSchema, ...errors(401, 403) } },
  updateFinancialRetention: { body: FinancialRetentionSchema, response: { 200: FinancialRetentionSchema, ...errors(400, 401, 403) } },
} as const;
