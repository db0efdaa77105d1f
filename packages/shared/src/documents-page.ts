import { apiUrl } from './api-paths.js';
import { formatDate, formatNumber } from './dates.js';

/**
 * What the documents page (the applicant's page at /documents) needs in the browser (ADR 0046), kept apart from the schemas
 * of document-requests.ts so the page's script carries no validation library.
 */

/** The header the applicant's page sends its token in: never in a URL, so never in a log or a Referer. */
export const DOCUMENT_TOKEN_HEADER = 'x-document-token';
/** The tus metadata key naming which item of the request an upload is for. */
export const UPLOAD_ITEM_METADATA = 'item';
/** Where the tus endpoint lives: the upload route's address, without the slash of the prefix's own route. */
export const UPLOADS_PATH = apiUrl('startUpload').replace(/\/$/, '');

/** The one answer to a token that is wrong, expired, revoked or done: it says nothing about which. */
export const LINK_NOT_VALID = 'This link does not work any more. Please contact the office for a new one.';

export type ItemStateName = 'to_send' | 'received' | 'accepted' | 'asked_again';

/** Texts of the documents page, in both languages: dates (YYYY-MM-DD in) and numbers written in the page's own style and digits. */
export const DOCUMENTS_PAGE_TEXTS = {
  en: {
    title: 'Send your documents',
    greeting: (name: string) => `Hello ${name},`,
    intro: 'Please send the documents below. You can take a photo with your phone or choose a file.',
    due: (date: string) => `Please send them by ${formatDate(date, 'en')}.`,
    office: 'Office',
    required: 'Required',
    optional: 'Optional',
    states: { to_send: 'To send', received: 'Received', accepted: 'Accepted', asked_again: 'Please send again' },
    reason: 'Reason:',
    choose: 'Take a photo or choose a file',
    sending: (percent: number) => `Sending: ${percent}%`,
    sent: 'Received. Thank you.',
    failed: 'The file could not be sent. Please try again.',
    accepts: (types: string, mb: number) => `${types}, up to ${mb} MB`,
    loading: 'Loading…',
    noScript: 'This page needs JavaScript to send files.',
    linkNotValid: LINK_NOT_VALID,
    wrongType: 'This file type is not accepted for this document.',
    tooLarge: 'The file is larger than this document allows.',
  },
  bn: {
    title: 'আপনার কাগজপত্র পাঠান',
    greeting: (name: string) => `প্রিয় ${name},`,
    intro: 'নিচের কাগজপত্রগুলো পাঠান। ফোনে ছবি তুলতে পারেন বা একটি ফাইল বেছে নিতে পারেন।',
    due: (date: string) => `${formatDate(date, 'bn')} তারিখের মধ্যে পাঠান।`,
    office: 'অফিস',
    required: 'আবশ্যক',
    optional: 'ঐচ্ছিক',
    states: { to_send: 'পাঠাতে হবে', received: 'পাওয়া গেছে', accepted: 'গৃহীত', asked_again: 'আবার পাঠান' },
    reason: 'কারণ:',
    choose: 'ছবি তুলুন বা ফাইল বেছে নিন',
    sending: (percent: number) => `পাঠানো হচ্ছে: ${formatNumber(percent, 'bn')}%`,
    sent: 'পাওয়া গেছে। ধন্যবাদ।',
    failed: 'ফাইলটি পাঠানো যায়নি। আবার চেষ্টা করুন।',
    accepts: (types: string, mb: number) => `${types}, সর্বোচ্চ ${formatNumber(mb, 'bn')} MB`,
    loading: 'লোড হচ্ছে…',
    noScript: 'ফাইল পাঠাতে এই পাতায় JavaScript লাগে।',
    linkNotValid: 'এই লিংকটি আর কাজ করে না। নতুন লিংকের জন্য অফিসে যোগাযোগ করুন।',
    wrongType: 'এই কাগজের জন্য এই ধরনের ফাইল নেওয়া হয় না।',
    tooLarge: 'ফাইলটি এই কাগজের জন্য অনুমোদিত আকারের চেয়ে বড়।',
  },
} as const;

/** What the page reads from GET /api/documents (the schema is PublicDocumentRequestSchema in document-requests.ts). */
export interface PageItem {
  id: string;
  label: { en: string; bn: string };
  required: boolean;
  types: string[];
  maxBytes: number;
  state: ItemStateName;
  reason: string | null;
}
export interface PageRequest {
  firstName: string;
  dueDate: string;
  office: { name: { en: string; bn: string }; phone: string; email: string };
  items: PageItem[];
}
