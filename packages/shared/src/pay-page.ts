/**
 * What the pay page (the applicant's page at /pay) needs in the browser (ADR 0091), kept apart from
 * the schemas of pay-links.ts so the page's script carries no validation library.
 */

/** The gateways a payer may be offered, by the last segment of their start route (`/api/pay/<gateway>`). */
export const PAY_GATEWAYS = ['bkash', 'sslcommerz'] as const;
export type PayGateway = (typeof PAY_GATEWAYS)[number];

/** Where the page starts a payment with each gateway: a POST with the link's token as a Bearer header, answering {redirectUrl}. */
export const PAY_START_PATHS: Record<PayGateway, `/api/pay/${PayGateway}`> = { bkash: '/api/pay/bkash', sslcommerz: '/api/pay/sslcommerz' };

/** The one answer to a token that is unknown, expired, replaced or paid: it says nothing about which. */
export const PAY_LINK_NOT_VALID = 'This payment link does not work any more. Please contact the office for a new one.';

/** What GET /api/pay answers: nothing of the applicant but the first name. */
export interface PayPage {
  firstName: string;
  /** What is due, in paisa. */
  dueMinor: number;
  office: { name: { en: string; bn: string } };
  gateways: PayGateway[];
}

/** How a gateway sends the payer back; `pending` when the gateway has not yet confirmed what happened. */
export type PayResult = 'paid' | 'failed' | 'cancelled' | 'pending';
export const PAY_RESULTS: readonly PayResult[] = ['paid', 'failed', 'cancelled', 'pending'];

const amountFormats = new Map<string, Intl.NumberFormat>();

/** Paisa as taka in the page's digits: ৳1,23,456.50 or ৳১,২৩,৪৫৬.৫০. */
export function formatDue(minor: number, language: 'en' | 'bn'): string {
  let format = amountFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language === 'bn' ? 'bn-BD' : 'en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amountFormats.set(language, format);
  }
  return `৳${format.format(minor / 100)}`;
}

/** Texts of the pay page, in both languages. */
export const PAY_PAGE_TEXTS = {
  en: {
    title: 'Pay your fees',
    intro: 'Pay what is due to the office online. You will be taken to the payment page and brought back here.',
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    due: 'Due now',
    office: 'Office',
    gateways: { bkash: 'Pay with bKash', sslcommerz: 'Pay with card or mobile banking (SSLCommerz)' },
    noGateway: 'Online payment is not available right now. Please pay at the office.',
    starting: 'Opening the payment page…',
    startFailed: 'The payment could not be started. Please try again.',
    startUnderWay: 'A payment is being started on this link. Wait a moment and try again.',
    results: {
      paid: 'Thank you: your payment was received. The office will send your receipt.',
      failed: 'The payment did not go through. No money was taken; you can try again.',
      cancelled: 'The payment was cancelled. You can try again when you are ready.',
      pending:
        'We are confirming your payment with the payment service. Please do not pay again: the office will send your receipt once it is confirmed.',
    },
    loading: 'Loading…',
    noScript: 'This page needs JavaScript to pay online.',
    linkNotValid: PAY_LINK_NOT_VALID,
    failed: 'The page could not be loaded. Please try again.',
  },
  bn: {
    title: 'আপনার ফি পরিশোধ করুন',
    intro: 'অফিসের পাওনা অনলাইনে পরিশোধ করুন। আপনাকে পেমেন্টের পাতায় নেওয়া হবে, তারপর এখানে ফিরিয়ে আনা হবে।',
    greeting: (name: string) => (name ? `প্রিয় ${name},` : 'প্রিয় গ্রাহক,'),
    due: 'এখন পাওনা',
    office: 'অফিস',
    gateways: { bkash: 'বিকাশ দিয়ে পরিশোধ করুন', sslcommerz: 'কার্ড বা মোবাইল ব্যাংকিং দিয়ে পরিশোধ করুন (SSLCommerz)' },
    noGateway: 'এখন অনলাইনে পরিশোধ করা যাচ্ছে না। অনুগ্রহ করে অফিসে পরিশোধ করুন।',
    starting: 'পেমেন্টের পাতা খোলা হচ্ছে…',
    startFailed: 'পেমেন্ট শুরু করা যায়নি। আবার চেষ্টা করুন।',
    startUnderWay: 'এই লিংকে একটি পেমেন্ট শুরু হচ্ছে। একটু অপেক্ষা করে আবার চেষ্টা করুন।',
    results: {
      paid: 'ধন্যবাদ: আপনার পেমেন্ট পাওয়া গেছে। অফিস আপনার রসিদ পাঠাবে।',
      failed: 'পেমেন্ট সম্পন্ন হয়নি। কোনো টাকা কাটা হয়নি; আবার চেষ্টা করতে পারেন।',
      cancelled: 'পেমেন্ট বাতিল করা হয়েছে। প্রস্তুত হলে আবার চেষ্টা করুন।',
      pending: 'আমরা পেমেন্ট সেবার সাথে আপনার পেমেন্ট নিশ্চিত করছি। অনুগ্রহ করে আবার পরিশোধ করবেন না: নিশ্চিত হলে অফিস আপনার রসিদ পাঠাবে।',
    },
    loading: 'লোড হচ্ছে…',
    noScript: 'অনলাইনে পরিশোধ করতে এই পাতায় JavaScript লাগে।',
    linkNotValid: 'এই পেমেন্ট লিংকটি আর কাজ করে না। নতুন লিংকের জন্য অফিসে যোগাযোগ করুন।',
    failed: 'পাতাটি লোড করা যায়নি। আবার চেষ্টা করুন।',
  },
} as const;
