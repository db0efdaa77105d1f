import { IdParamsSchema } from '../ids.js';
import { EntryParamsSchema, FeeScheduleSchema, LedgerSchema, NewEntrySchema, RefundSchema, ReversalSchema } from '../money.js';
import { BkashCallbackParamsSchema, BkashCallbackQuerySchema, BkashRedirectSchema, StartBkashSchema } from '../pay-bkash.js';
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
  // bKash's tokenized checkout (ADR 0090).
  payWithBkash: { body: StartBkashSchema, response: { 200: BkashRedirectSchema, ...errors(400, 404, 409, 429, 502) } },
  bkashCallback: { params: BkashCallbackParamsSchema, querystring: BkashCallbackQuerySchema },
} as const;
