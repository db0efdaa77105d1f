import { formatDate } from './dates.js';
import { countSms } from './notices.js';
import { receiptTaka } from './receipt-words.js';

/**
 * A payment's receipt by SMS and WhatsApp (ADR 0093), in English and Bangla. It names what the
 * paper does for the applicant to keep (the amount, the date, the number) and the public check's
 * link, never the payer's name beyond the first, nor how or from what account they paid. The link
 * is the last thing in the text, whole and after a space, as a document request's is.
 */

export interface ReceiptNoticeValues {
  firstName: string;
  officeName: string;
  /** The receipt's number as printed on it, e.g. 2026-27/000001. */
  number: string;
  amountMinor: number;
  /** The date of issue, YYYY-MM-DD. */
  issuedOn: string;
  link: string;
}

const SMS = {
  en: (v: ReceiptNoticeValues, greeting: boolean) =>
    `${greeting ? `Dear ${v.firstName}, ` : ''}${v.officeName} received your payment of ${receiptTaka(v.amountMinor, 'en')} on ${formatDate(v.issuedOn, 'en')}. Receipt no. ${v.number}. Check it here: ${v.link}`,
  bn: (v: ReceiptNoticeValues, greeting: boolean) =>
    `${greeting ? `প্রিয় ${v.firstName}, ` : ''}${v.officeName} ${formatDate(v.issuedOn, 'bn')} তারিখে আপনার ${receiptTaka(v.amountMinor, 'bn')} পরিশোধ পেয়েছে। রসিদ নং ${v.number}। এখানে যাচাই করুন: ${v.link}`,
} as const;

const SMS_MAX_PARTS = 4;

/** The SMS with the check's link; a first name that would push it over four parts is left out. */
export function receiptSms(language: 'en' | 'bn', values: ReceiptNoticeValues): string {
  const full = SMS[language](values, values.firstName !== '');
  return countSms(full).parts <= SMS_MAX_PARTS ? full : SMS[language](values, false);
}

/**
 * The WhatsApp template the office has approved ("utility") in English and Bangla: {{1}} first
 * name, {{2}} the amount (৳, in the language's digits), {{3}} the date, {{4}} the receipt's number,
 * {{5}} the check's link.
 */
export const RECEIPT_WHATSAPP = {
  name: 'payment_receipt',
  language: { en: 'en', bn: 'bn' },
  parameters: ['firstName', 'amountMinor', 'issuedOn', 'number', 'link'],
} as const satisfies { name: string; language: { en: string; bn: string }; parameters: readonly (keyof ReceiptNoticeValues)[] };

/** The template's parameters in one language: the amount and the date written as the SMS writes them. */
export const receiptWhatsAppParameters = (language: 'en' | 'bn', v: ReceiptNoticeValues): string[] =>
  RECEIPT_WHATSAPP.parameters.map((p) =>
    p === 'amountMinor' ? receiptTaka(v.amountMinor, language) : p === 'issuedOn' ? formatDate(v.issuedOn, language) : v[p],
  );
