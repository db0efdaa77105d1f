import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { VISA_TYPES } from './document-requests.js';
import { showTaka } from './taka.js';

/**
 * Money on an application (ADR 0084): an append-only ledger of charges, discounts, payments,
 * refunds and reversals, each in integer minor units (paisa for taka, cents for Canadian dollars),
 * never a float. The balance is kept in taka: a charge passed on in dollars carries the exchange
 * rate of its day and its taka value.
 */

export const CURRENCIES = ['BDT', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const ENTRY_KINDS = ['charge', 'discount', 'payment', 'refund', 'reversal'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** Ways staff record money taken at the office or sent to its accounts. */
export const STAFF_METHODS = ['cash', 'bank', 'cheque', 'bkash', 'nagad', 'rocket'] as const;
/** Ways the applicant pays through a payment link. */
export const GATEWAY_METHODS = ['sslcommerz', 'bkash-checkout'] as const;
export const PAYMENT_METHODS = [...STAFF_METHODS, ...GATEWAY_METHODS] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type GatewayMethod = (typeof GATEWAY_METHODS)[number];
export const isGatewayMethod = (method: string): method is GatewayMethod => (GATEWAY_METHODS as readonly string[]).includes(method);

/** The largest amount one entry may carry, in minor units: ten crore taka. */
export const MAX_MINOR = 10_000_000_000;

export const MinorAmountSchema = z
  .number('The amount must be a whole number of paisa or cents.')
  .int('The amount must be a whole number of paisa or cents.')
  .min(1, 'The amount must be more than zero.')
  .max(MAX_MINOR, 'The amount is larger than one entry may carry.');

/** An exchange rate as taka per dollar, in millionths, so a rate is an integer too. */
export const RateMicrosSchema = z
  .number('The exchange rate must be given in millionths of a taka.')
  .int('The exchange rate must be given in millionths of a taka.')
  .min(1, 'The exchange rate must be more than zero.')
  .max(10_000_000_000, 'The exchange rate is too large.');

/** Taka paisa for an amount in cents at a rate in millionths, rounded half up, without floats. */
export function convertMinor(amountMinor: number, rateMicros: number): number {
  return Number((BigInt(amountMinor) * BigInt(rateMicros) + 500_000n) / 1_000_000n);
}

/** How an entry moves the balance (what the applicant owes): charges and refunds raise it. */
export function dueEffect(kind: Exclude<EntryKind, 'reversal'>, bdtMinor: number): number {
  return kind === 'charge' || kind === 'refund' ? bdtMinor : -bdtMinor;
}

/** Bangladesh's fiscal year runs July to June: 2026-07-01 … 2027-06-30 is "2026-27". */
export function fiscalYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 7 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** A receipt's number as printed: its fiscal year and its place in it. */
export const receiptNumberText = (fiscalYear: string, number: number): string => `${fiscalYear}/${String(number).padStart(6, '0')}`;

/** Staff messages of the ledger's rules. */
export const MONEY_TEXTS = {
  transactionIdUsed: (applicationId: string) => `This transaction ID was already recorded on application ${applicationId}.`,
  entryNotFound: 'There is no such entry on this application.',
  alreadyReversed: 'This entry has already been reversed.',
  reversalNotReversible: 'A reversal cannot itself be reversed.',
  dollarsNeedRate: 'A charge in Canadian dollars needs the exchange rate of its day.',
  onlyChargesInDollars: 'Only a charge can be in Canadian dollars; discounts, payments and refunds are in taka.',
  takaHasNoRate: 'An amount in taka takes no exchange rate.',
  dateAhead: 'Money cannot be recorded on a day still to come.',
  notAPayment: 'Only a payment can be refunded.',
  reversedPayment: 'This payment was reversed; there is nothing to refund.',
  refundTooLarge: (leftMinor: number) => `At most ${showTaka(leftMinor)} of this payment is left to refund.`,
  refundMethodNeeded: 'Please say how the money goes back.',
  gatewayRefundUnavailable: 'This payment came through a gateway that is not set up here; it cannot be refunded through it.',
  gatewayAmountDiffers: (askedMinor: number, paidMinor: number) =>
    `Check this payment: the gateway confirmed ${showTaka(paidMinor)} where ${showTaka(askedMinor)} was asked.`,
  gatewayOverpaid: (creditMinor: number) =>
    `Check this payment: it was paid on a second payment page and leaves the file ${showTaka(creditMinor)} in credit; refund it if it is not owed.`,
} as const;

/** The day money moved or a charge was made: a real date, not absurdly far back. */
export const MoneyDateSchema = z
  .string({ error: 'Please enter a valid date.' })
  .refine((v) => isIsoDate(v) && v >= '2000-01-01' && v <= '2100-12-31', 'Please enter a valid date.');

const Text = (max: number) => z.string().trim().max(max, `Please keep this to ${max} characters.`);

/** A fee on the office's schedule: its own code, its words, its amount; a pass-through fee is paid on to IRCC or VFS. */
export const FeeSchema = z.object({
  code: z.string().regex(/^[a-z0-9-]{1,40}$/, 'A fee code is 1 to 40 lower-case letters, digits or hyphens.'),
  label: Text(80).min(1, 'Please name the fee.'),
  labelBn: Text(80),
  amountMinor: MinorAmountSchema,
  currency: z.enum(CURRENCIES),
  passThrough: z.boolean(),
});
export type Fee = z.infer<typeof FeeSchema>;

/** The office's fees by visa type (the setting `fees`). */
export const FeeScheduleSchema = z.object({
  fees: z.record(z.enum(VISA_TYPES), z.array(FeeSchema).max(30, 'A visa type takes at most 30 fees.')),
});
export type FeeSchedule = z.infer<typeof FeeScheduleSchema>;

const biometrics: Fee = {
  code: 'biometrics',
  label: 'IRCC biometrics fee',
  labelBn: 'IRCC বায়োমেট্রিক্স ফি',
  amountMinor: 8_500,
  currency: 'CAD',
  passThrough: true,
};

/** IRCC's fees as it publishes them; the office adds its own service fee and the visa centre's charge. */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  fees: {
    Work: [
      {
        code: 'work-permit',
        label: 'IRCC work permit fee',
        labelBn: 'IRCC ওয়ার্ক পারমিট ফি',
        amountMinor: 15_500,
        currency: 'CAD',
        passThrough: true,
      },
      biometrics,
    ],
    Visit: [
      {
        code: 'visitor-visa',
        label: 'IRCC visitor visa fee',
        labelBn: 'IRCC ভিজিটর ভিসা ফি',
        amountMinor: 10_000,
        currency: 'CAD',
        passThrough: true,
      },
      biometrics,
    ],
    Student: [
      {
        code: 'study-permit',
        label: 'IRCC study permit fee',
        labelBn: 'IRCC স্টাডি পারমিট ফি',
        amountMinor: 15_000,
        currency: 'CAD',
        passThrough: true,
      },
      biometrics,
    ],
  },
};

export const NewChargeSchema = z.object({
  kind: z.literal('charge'),
  /** A fee of the schedule, whose words it takes; the amount given still decides. */
  feeCode: z.string().max(40).optional(),
  description: Text(200).min(1, 'Please say what the charge is for.'),
  amountMinor: MinorAmountSchema,
  currency: z.enum(CURRENCIES),
  rateMicros: RateMicrosSchema.optional(),
  occurredOn: MoneyDateSchema,
});

export const NewDiscountSchema = z.object({
  kind: z.literal('discount'),
  description: Text(200).min(1, 'Please say why the discount is given.'),
  amountMinor: MinorAmountSchema,
  occurredOn: MoneyDateSchema,
});

export const NewStaffPaymentSchema = z.object({
  kind: z.literal('payment'),
  method: z.enum(STAFF_METHODS),
  amountMinor: MinorAmountSchema,
  occurredOn: MoneyDateSchema,
  /** A wallet's transaction ID (bKash, Nagad, Rocket): required there, its format checked, once across the office. */
  transactionId: z.string().trim().max(40).optional(),
  /** A cheque number or a bank transfer's reference. */
  reference: Text(60).optional(),
  description: Text(200).optional(),
});

export const NewEntrySchema = z.discriminatedUnion('kind', [NewChargeSchema, NewDiscountSchema, NewStaffPaymentSchema]);
export type NewEntryInput = z.infer<typeof NewEntrySchema>;

export const ReversalSchema = z.object({ reason: Text(200).min(1, 'Please say why the entry is reversed.') });
export const RefundSchema = z.object({
  amountMinor: MinorAmountSchema,
  reason: Text(200).min(1, 'Please say why the money is refunded.'),
  /** How the money goes back when it was paid at the office; a gateway payment goes back through its gateway. */
  method: z.enum(STAFF_METHODS).optional(),
});

export const EntryParamsSchema = z.object({ id: z.string().regex(/^[a-f0-9]{24}$/), entryId: z.string().regex(/^[a-f0-9]{24}$/) });

const Staff = z.object({ id: z.string(), name: z.string() }).nullable();

export const LedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ENTRY_KINDS),
  amountMinor: z.number().int(),
  currency: z.enum(CURRENCIES),
  rateMicros: z.number().int().nullable(),
  bdtMinor: z.number().int(),
  dueEffect: z.number().int(),
  description: z.string(),
  feeCode: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  methodRef: z.string().nullable(),
  reversesId: z.string().nullable(),
  reversedById: z.string().nullable(),
  refundOfId: z.string().nullable(),
  occurredOn: z.string(),
  createdBy: Staff,
  createdAt: z.string(),
  receipt: z.object({ id: z.string(), number: z.string(), verifyCode: z.string() }).nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** The file's money: every entry in order, the totals in paisa, and the balance owed (negative: in credit). */
export const LedgerSchema = z.object({
  applicationId: z.string(),
  entries: z.array(LedgerEntrySchema),
  chargedMinor: z.number().int(),
  discountedMinor: z.number().int(),
  paidMinor: z.number().int(),
  refundedMinor: z.number().int(),
  balanceMinor: z.number().int(),
  /** Gateway refunds asked for and not yet confirmed by the gateway (ADR 0095): shown as pending, not yet in the totals. */
  pendingRefunds: z.array(z.object({ paymentId: z.string(), amountMinor: z.number().int(), since: z.string() })).optional(),
});
export type Ledger = z.infer<typeof LedgerSchema>;

/**
 * Transaction IDs of the mobile wallets' "send money", as their apps and SMS show them: checked
 * before they are registered, so a typo does not take a real ID's place.
 */
export const WALLET_TRANSACTION_ID = {
  bkash: { pattern: /^[A-Z0-9]{10}$/, message: 'A bKash transaction ID is 10 letters and digits, as in 8N7A6D5EE7.' },
  nagad: { pattern: /^[A-Z0-9]{8}$/, message: 'A Nagad transaction ID is 8 letters and digits, as in 71D8TX3Q.' },
  rocket: { pattern: /^[0-9]{10}$/, message: 'A Rocket transaction ID is 10 digits.' },
} as const;

/** Messages of two staff acting on the same money at once (ADR 0086). */
export const MONEY_RACE_TEXTS = {
  refundUnderWay: 'Another refund of this payment is under way. Look at the ledger again in a moment before refunding more.',
  payStartUnderWay: 'A payment is being started on this link. Wait a moment and try again.',
  refundInDoubt:
    'The gateway did not confirm this refund in time. It is shown as pending: it is recorded once the gateway confirms it was made, or dropped if the gateway says it was not. Do not refund this payment again meanwhile.',
} as const;
