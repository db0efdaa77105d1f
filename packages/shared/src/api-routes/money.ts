import { z } from 'zod';
import { IdParamsSchema } from '../id-schema.js';
import { EntryParamsSchema, FeeScheduleSchema, LedgerSchema, NewEntrySchema, RefundSchema, ReversalSchema } from '../money.js';
import {
  SslcommerzFormSchema,
  SslcommerzReturnParamsSchema,
  SslcommerzReturnQuerySchema,
  StartSslcommerzAnswerSchema,
  StartSslcommerzSchema,
} from '../sslcommerz.js';
import { PayLinkSentSchema, PayPageSchema } from '../pay-links.js';
import {
  ReceiptCheckSchema,
  ReceiptCodeParamsSchema,
  ReceiptParamsSchema,
  ReceiptPdfQuerySchema,
  ReceiptSentSchema,
  ReceiptSettingsSchema,
} from '../money-receipts.js';
import { BkashCallbackParamsSchema, BkashCallbackQuerySchema, BkashRedirectSchema, StartBkashSchema } from '../pay-bkash.js';
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
  // SSLCommerz (ADR 0089): the returns answer a redirect to the pay page; the IPN a plain acknowledgement.
  startSslcommerzPayment: {
    body: StartSslcommerzSchema.optional(),
    response: { 200: StartSslcommerzAnswerSchema, ...errors(400, 404, 409, 429, 502) },
  },
  sslcommerzReturn: {
    params: SslcommerzReturnParamsSchema,
    querystring: SslcommerzReturnQuerySchema,
    body: SslcommerzFormSchema,
    response: { 303: z.null(), ...errors(400) },
  },
  sslcommerzIpn: { body: SslcommerzFormSchema, response: { 200: z.object({ received: z.boolean() }), ...errors(400) } },

  // Payment links (ADR 0091).
  sendPayLink: { params: IdParamsSchema, response: { 200: PayLinkSentSchema, ...errors(400, 401, 403, 404, 409) } },
  getPayPage: { response: { 200: PayPageSchema, ...errors(404, 429) } },
  // Receipts (ADR 0088).
  downloadReceiptPdf: { params: ReceiptParamsSchema, querystring: ReceiptPdfQuerySchema, response: errors(400, 401, 403, 404) },
  sendReceipt: { params: ReceiptParamsSchema, response: { 200: ReceiptSentSchema, ...change } },
  getReceiptSettings: { response: { 200: ReceiptSettingsSchema, ...errors(401, 403) } },
  updateReceiptSettings: { body: ReceiptSettingsSchema, response: { 200: ReceiptSettingsSchema, ...errors(400, 401, 403) } },
  checkReceipt: { params: ReceiptCodeParamsSchema, response: { 200: ReceiptCheckSchema, ...errors(400, 404, 429) } },
  // bKash's tokenized checkout (ADR 0090).
  payWithBkash: { body: StartBkashSchema, response: { 200: BkashRedirectSchema, ...errors(400, 404, 409, 429, 502) } },
  bkashCallback: { params: BkashCallbackParamsSchema, querystring: BkashCallbackQuerySchema },
  // Money reports (ADR 0092).
  getMoneyReceivedDaily: { querystring: ReportRangeQuerySchema, response: { 200: ReceivedReportSchema, ...errors(400, 401, 403) } },
  getMoneyReceivedMonthly: { querystring: FiscalYearQuerySchema, response: { 200: MonthlyReportSchema, ...errors(400, 401, 403) } },
  getMoneyOutstanding: { querystring: OutstandingQuerySchema, response: { 200: OutstandingReportSchema, ...errors(400, 401, 403) } },
  exportMoneyEntries: { querystring: ReportRangeQuerySchema },
  getMoneyTile: { response: { 200: MoneyTileSchema, ...errors(401, 403) } },
  getFinancialRetention: { response: { 200: FinancialRetentionSchema, ...errors(401, 403) } },
  updateFinancialRetention: { body: FinancialRetentionSchema, response: { 200: FinancialRetentionSchema, ...errors(400, 401, 403) } },
} as const;
