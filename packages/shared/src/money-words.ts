/**
 * The words and number handling of money on the staff pages (ADR 0084): the Money panel and
 * Settings → Fees. Nothing here comes from money.ts: importing any of its values brings its schemas
 * and more of zod into the library chunk every staff page loads (ADR 0076). What is repeated from
 * it is held to it by money-words.test.ts.
 */

import { minorText, showTaka } from './taka.js';

export { minorText };

type Currency = 'BDT' | 'CAD';
type Language = 'en' | 'bn';

/** The ways staff take money at the office (money.ts's STAFF_METHODS). */
export const OFFICE_METHODS = ['cash', 'bank', 'cheque', 'bkash', 'nagad', 'rocket'] as const;
export type OfficeMethod = (typeof OFFICE_METHODS)[number];

/** The wallets whose payments need their transaction ID, and how one reads (money.ts's WALLET_TRANSACTION_ID). */
export const WALLET_HINTS: Partial<Record<OfficeMethod, string>> = {
  bkash: 'A bKash transaction ID is 10 letters and digits, as in 8N7A6D5EE7.',
  nagad: 'A Nagad transaction ID is 8 letters and digits, as in 71D8TX3Q.',
  rocket: 'A Rocket transaction ID is 10 digits.',
};

/** A payment through a gateway goes back through it (money.ts's GATEWAY_METHODS). */
export const isGatewayPayment = (method: string): boolean => method === 'sslcommerz' || method === 'bkash-checkout';

/** Taka paisa for cents at a rate in millionths, rounded half up, as the API works it out (money.ts's convertMinor). */
export const takaOf = (amountMinor: number, rateMicros: number): number =>
  Number((BigInt(amountMinor) * BigInt(rateMicros) + 500_000n) / 1_000_000n);

/** Bengali digits ০–৯ are the code points U+09E6–U+09EF, in order: a digit's value is its distance from ০. */
const BENGALI_ZERO = 0x09e6;

/**
 * A decimal number as typed ("1,250.50", "১২৫০.৫", "88.25") in units of 10^-places, with integer
 * arithmetic only: the whole part and the fraction are read as separate integers, so no float can
 * round a paisa away. Thousands separators may stand anywhere in the whole part (lakh or thousand
 * grouping alike). Null for anything else, for more decimals than `places`, or for a number too
 * large to hold exactly.
 */
export function parseDecimal(text: string, places: number): number | null {
  const plain = text
    .trim()
    .replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BENGALI_ZERO))
    .replace(/^৳\s*/, '');
  const match = /^(\d[\d,]*)?(?:\.(\d*))?$/.exec(plain);
  if (!match || (match[1] === undefined && !match[2])) return null;
  const whole = (match[1] ?? '0').replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (fraction.length > places || whole.replace(/^0+/, '').length + places > 15) return null;
  return Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0') || '0');
}

/** Taka and paisa (or dollars and cents) as typed, in minor units. */
export const parseMinor = (text: string): number | null => parseDecimal(text, 2);

/** Taka per dollar as typed ("88.25"), in millionths of a taka. */
export const parseRateMicros = (text: string): number | null => parseDecimal(text, 6);

/** Millionths of a taka as typed back: "88.25". */
export function rateText(micros: number): string {
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${Math.trunc(micros / 1_000_000)}${fraction ? `.${fraction}` : ''}`;
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in minor units as people read it: "৳1,25,050.50" for taka, "CA$155.00" for dollars;
 * Bengali digits on a Bangla page only. The amount reaches Intl as an exact decimal string.
 */
export function formatMinor(minor: number, currency: Currency = 'BDT', language: Language = 'en'): string {
  if (currency === 'BDT' && language === 'en') return showTaka(minor);
  const key = `${currency} ${language}`;
  let format = formats.get(key);
  if (!format) {
    const locale = language === 'bn' ? 'bn-BD' : 'en';
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: currency === 'BDT' ? 'narrowSymbol' : 'symbol',
    });
    formats.set(key, format);
  }
  return format.format(minorText(minor) as `${number}`);
}

export const KIND_WORDS = {
  charge: 'Charge',
  discount: 'Discount',
  payment: 'Payment',
  refund: 'Refund',
  reversal: 'Reversal',
} as const;

/** How staff read each way of paying, wherever a payment's method shows: the Money panel, its forms and the Reports page. */
export const METHOD_WORDS = {
  cash: 'Cash',
  bank: 'Bank transfer',
  cheque: 'Cheque',
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
  sslcommerz: 'Card or mobile banking (SSLCommerz)',
  'bkash-checkout': 'bKash payment link',
} as const;

/** A method's words, or the method itself for one this build does not know (an older report's row). */
export const methodWords = (method: string): string =>
  Object.hasOwn(METHOD_WORDS, method) ? METHOD_WORDS[method as keyof typeof METHOD_WORDS] : method;

const CHANNEL_WORDS: Record<string, string> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' };

/** The Money panel on the applicant file. */
export const MONEY_WORDS = {
  title: 'Money',
  loading: 'Loading the money on this file…',
  loadError: 'The money on this file could not be loaded.',
  retry: 'Retry',
  totals: 'Totals',
  charged: 'Charged',
  discounted: 'Discounts',
  paid: 'Paid',
  refunded: 'Refunded',
  balanceDue: 'Balance due',
  inCredit: 'In credit',
  refundPending: 'Refund being confirmed with the gateway',
  refundPendingNote:
    'The gateway has not confirmed these refunds yet; the next check records them or lets them go. Do not refund again meanwhile.',
  entries: 'Entries',
  noEntries: 'Nothing is recorded on this file yet.',
  recorded: (name: string | null, at: string) => `Recorded by ${name ?? 'a removed account'} on ${at}`,
  reversed: 'Reversed',
  reverses: (what: string) => `Reverses: ${what}`,
  refundOf: (what: string) => `Refund of: ${what}`,
  atRate: (taka: string, rate: string) => `${taka} at ৳${rate} per dollar`,
  passThrough: 'passed on',
  viaMethod: (method: string, ref: string | null) => (ref ? `${method}, ${ref}` : method),
  receiptPdf: (number: string) => `Receipt ${number}`,
  receiptPdfLabel: (number: string) => `Download receipt ${number} (PDF)`,
  receiptPdfFailed: 'The receipt could not be downloaded. Please try again.',
  sendReceipt: 'Send receipt',
  sendReceiptLabel: (number: string) => `Send receipt ${number} to the applicant`,
  receiptSent: (number: string) => `Receipt ${number} was sent to the applicant.`,
  receiptSendFailed: 'The receipt could not be sent.',
  sendPayLink: 'Send payment link',
  payLinkSent: (channels: readonly string[], until: string) =>
    `The payment link was sent by ${channels.map((c) => CHANNEL_WORDS[c] ?? c).join(' and ')}; it works until ${until}.`,
  payLinkFailed: 'The payment link could not be sent.',
  reverse: 'Reverse',
  reverseLabel: (what: string) => `Reverse ${what}`,
  refund: 'Refund',
  refundLabel: (what: string) => `Refund ${what}`,
  reverseTitle: (what: string) => `Reverse ${what}`,
  refundTitle: (what: string) => `Refund ${what}`,
  reason: 'Reason',
  refundAmount: 'Amount to refund (৳)',
  refundMethod: 'Paid back by',
  gatewayRefund: 'The money goes back through the gateway it was paid by.',
  confirmReverse: 'Reverse the entry',
  confirmRefund: 'Record the refund',
  cancel: 'Cancel',
  reversedDone: 'The entry was reversed.',
  refundedDone: 'The refund was recorded.',
  formTitle: 'Record money',
  kind: 'Record a',
  fee: 'Fee',
  otherAmount: 'Another amount',
  chargeFor: 'What the charge is for',
  discountWhy: 'Why the discount is given',
  note: 'Note (optional)',
  amount: (currency: Currency) => `Amount (${currency === 'CAD' ? 'CA$' : '৳'})`,
  amountHint: 'As in 1,250.50.',
  currency: 'Currency',
  currencies: { BDT: 'Taka (৳)', CAD: 'Canadian dollars (CA$)' },
  rate: 'Rate: taka per Canadian dollar',
  rateHint: 'The day’s rate, as in 88.25.',
  inTaka: (taka: string) => `In taka: ${taka}`,
  method: 'Method',
  transactionId: 'Transaction ID',
  reference: { cheque: 'Cheque number', bank: 'Bank reference' },
  date: 'Date',
  record: 'Record',
  saved: { charge: 'The charge was recorded.', discount: 'The discount was recorded.', payment: 'The payment was recorded.' },
  amountInvalid: 'Please enter an amount in figures, as in 1,250.50.',
  rateInvalid: 'Please enter the rate in taka per dollar, as in 88.25.',
  failed: 'This could not be saved. Please try again.',
} as const;

/** Settings → Fees: the schedule per visa type. */
export const FEE_WORDS = {
  visaType: (type: string) => `${type} visa`,
  none: 'No fees for this visa type.',
  fee: (type: string, n: number) => `${type} fee ${n}`,
  code: 'Code',
  codeHint: 'Lower-case letters, digits and hyphens; charges keep it.',
  label: 'Name in English',
  labelBn: 'Name in Bangla',
  amount: 'Amount',
  currency: 'Currency',
  passThrough: 'Passed on to IRCC or the visa centre',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  add: (type: string) => `Add a ${type} fee`,
  save: 'Save fees',
  saved: 'The fees were saved.',
  loadError: 'The fees could not be loaded.',
  amountInvalid: 'Please enter an amount in figures, as in 155.00.',
} as const;
