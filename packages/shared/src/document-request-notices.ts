import { formatDate } from './dates.js';
import { countSms } from './notices.js';

/**
 * The notice of a new document request, which carries its link, by SMS and WhatsApp (ADR 0055):
 * the texts, in English and Bangla, and the WhatsApp template the office has approved for it. The
 * link carries the secret token, so it is always the last thing in the text, whole and after a
 * space: a phone makes a link of it up to the end, and nothing is ever cut from it to make the text
 * fit.
 */

export interface DocumentRequestNoticeValues {
  firstName: string;
  officeName: string;
  /** The request's due date, YYYY-MM-DD. */
  dueDate: string;
  link: string;
}

const SMS = {
  en: (v: DocumentRequestNoticeValues, greeting: boolean) =>
    `${greeting ? `Dear ${v.firstName}, ` : ''}${v.officeName} needs documents from you by ${formatDate(v.dueDate, 'en')}. Send them from your phone with this link (do not share it): ${v.link}`,
  bn: (v: DocumentRequestNoticeValues, greeting: boolean) =>
    `${greeting ? `প্রিয় ${v.firstName}, ` : ''}${v.officeName} আপনার কাছ থেকে ${formatDate(v.dueDate, 'bn')} তারিখের মধ্যে কাগজপত্র চায়। এই লিংক দিয়ে ফোন থেকে পাঠান (কাউকে দেবেন না): ${v.link}`,
} as const;

/** The most SMS parts the notice may take: four parts of UCS-2 (Bangla) hold the text and a long link. */
export const DOCUMENT_REQUEST_SMS_MAX_PARTS = 4;

/**
 * The SMS with the link, in one language. A first name long enough to push the text over the
 * limit is left out rather than anything cut; the link itself is never shortened.
 */
export function documentRequestSms(language: 'en' | 'bn', values: DocumentRequestNoticeValues): string {
  const full = SMS[language](values, values.firstName !== '');
  if (countSms(full).parts <= DOCUMENT_REQUEST_SMS_MAX_PARTS) return full;
  return SMS[language](values, false);
}

/**
 * The WhatsApp template for the link: outside the 24-hour window only an approved template goes,
 * so the office has one of this name approved ("utility") in English and Bangla, with the first
 * name, the due date and the link as its body parameters {{1}}, {{2}} and {{3}}.
 */
export const DOCUMENT_REQUEST_WHATSAPP = {
  name: 'document_request_link',
  language: { en: 'en', bn: 'bn' },
  parameters: ['firstName', 'dueDate', 'link'],
} as const satisfies { name: string; language: { en: string; bn: string }; parameters: readonly (keyof DocumentRequestNoticeValues)[] };
