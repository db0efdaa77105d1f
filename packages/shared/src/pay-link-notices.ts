import { countSms } from './notices.js';
import { formatDue } from './pay-page.js';

/**
 * The notice carrying a payment link (ADR 0091), by email, SMS and WhatsApp, in English and Bangla.
 * As with a document request's link, the link is the last thing in a text, whole and after a space,
 * and nothing is ever cut from it to make the text fit.
 */

export interface PayLinkNoticeValues {
  firstName: string;
  officeName: string;
  link: string;
}

const SMS = {
  en: (v: PayLinkNoticeValues, greeting: boolean) =>
    `${greeting ? `Dear ${v.firstName}, ` : ''}you can pay ${v.officeName} online with this link (do not share it): ${v.link}`,
  bn: (v: PayLinkNoticeValues, greeting: boolean) =>
    `${greeting ? `প্রিয় ${v.firstName}, ` : ''}এই লিংক দিয়ে ${v.officeName}-এর পাওনা অনলাইনে পরিশোধ করতে পারেন (কাউকে দেবেন না): ${v.link}`,
} as const;

const SMS_MAX_PARTS = 4;

/** The SMS with the link; a first name that would push it over four parts is left out. */
export function payLinkSms(language: 'en' | 'bn', values: PayLinkNoticeValues): string {
  const full = SMS[language](values, values.firstName !== '');
  return countSms(full).parts <= SMS_MAX_PARTS ? full : SMS[language](values, false);
}

/** The WhatsApp template the office has approved ("utility") in English and Bangla: {{1}} first name, {{2}} the link. */
export const PAY_LINK_WHATSAPP = {
  name: 'payment_link',
  language: { en: 'en', bn: 'bn' },
  parameters: ['firstName', 'link'],
} as const satisfies { name: string; language: { en: string; bn: string }; parameters: readonly (keyof PayLinkNoticeValues)[] };

/** The email, both languages; the links name the token only by the outbox's placeholder until it is sent. */
export function payLinkEmail(firstName: string, link: string, linkBn: string, dueMinor: number) {
  const en = [
    `Hello ${firstName},`,
    `${formatDue(dueMinor, 'en')} is due to the office. You can pay it online, by bKash or by card, with this link: ${link}`,
    'Do not share this link: it lets anyone pay on your file. You get a receipt once the payment is received.',
  ];
  const bn = [
    `প্রিয় ${firstName},`,
    `অফিসের কাছে আপনার ${formatDue(dueMinor, 'bn')} পাওনা। এই লিংক দিয়ে বিকাশ বা কার্ডে অনলাইনে পরিশোধ করতে পারেন: ${linkBn}`,
    'এই লিংক কাউকে দেবেন না। পেমেন্ট পাওয়ার পর আপনি রসিদ পাবেন।',
  ];
  return { subject: 'Payment link / পেমেন্ট লিংক', en, bn };
}
