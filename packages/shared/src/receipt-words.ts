/**
 * A money receipt's words in English and Bangla (ADR 0088): the PDF, the email that sends it and
 * the public verify page. No schema here, so the light public page can load them.
 */

import { minorText } from './taka.js';

export type ReceiptLanguage = 'en' | 'bn';

/**
 * An amount in paisa as a receipt prints it: "৳1,234.50", in Bengali digits in Bangla. Intl is
 * given the amount as its decimal text, which it formats exactly, never paisa divided as a float.
 */
export const receiptTaka = (minor: number, language: ReceiptLanguage): string =>
  `৳${new Intl.NumberFormat(language === 'bn' ? 'bn-BD' : 'en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minorText(minor) as `${number}`)}`;

/** A VAT rate in basis points as a percentage: 1500 → "15%", 750 → "7.5%". */
export const vatRateText = (basisPoints: number, language: ReceiptLanguage): string =>
  `${(basisPoints / 100).toLocaleString(language === 'bn' ? 'bn-BD' : 'en-IN', { maximumFractionDigits: 2 })}%`;

/** The public verify page's address for a receipt's code: the code after `#`, so no server log sees it. */
export const receiptVerifyPath = (language: ReceiptLanguage, code: string): string => `${language === 'bn' ? '/bn' : ''}/receipt#${code}`;

const en = {
  title: 'Money receipt',
  mushakTitle: 'Tax invoice (Mushak-6.3)',
  number: 'Receipt no.',
  serial: 'Serial no.',
  date: 'Date',
  issuedAt: 'Date and time of issue',
  receivedFrom: 'Received from',
  reference: 'Application reference',
  amount: 'Amount received',
  method: 'Paid by',
  methodRef: 'Transaction ID / reference',
  sellerBin: "Seller's BIN",
  vatRate: 'VAT rate',
  valueExVat: 'Value excluding VAT',
  vatAmount: 'VAT',
  total: 'Total including VAT',
  verify: 'Scan to check this receipt',
  erasedPayer: '(erased)',
  reversed: 'This payment was reversed: the receipt is no longer valid.',
  footer: 'A receipt of money received. It is valid while the QR code shows it as valid.',
  // The public page.
  pageTitle: 'Check a receipt',
  pageIntro: 'The QR code on a receipt from our office opens this page and shows whether the receipt is genuine.',
  checking: 'Checking the receipt…',
  noCode: 'Open this page from the QR code on a receipt.',
  notFound: 'We have no receipt with this code. Please check with our office.',
  failed: 'The receipt could not be checked just now. Please try again.',
  issuer: 'Issued by',
  status: 'Status',
  valid: 'Valid',
  reversedStatus: 'Reversed',
  refunded: 'Refunded',
};

export const RECEIPT_TEXTS: Record<ReceiptLanguage, typeof en> = {
  en,
  bn: {
    title: 'মানি রসিদ',
    mushakTitle: 'কর চালানপত্র (মূসক-৬.৩)',
    number: 'রসিদ নং',
    serial: 'ক্রমিক নং',
    date: 'তারিখ',
    issuedAt: 'ইস্যুর তারিখ ও সময়',
    receivedFrom: 'যার কাছ থেকে গৃহীত',
    reference: 'আবেদনের রেফারেন্স',
    amount: 'গৃহীত টাকার পরিমাণ',
    method: 'পরিশোধের মাধ্যম',
    methodRef: 'ট্রানজ্যাকশন আইডি / রেফারেন্স',
    sellerBin: 'বিক্রেতার বিআইএন',
    vatRate: 'ভ্যাটের হার',
    valueExVat: 'ভ্যাট ব্যতীত মূল্য',
    vatAmount: 'ভ্যাট',
    total: 'ভ্যাটসহ মোট মূল্য',
    verify: 'রসিদটি যাচাই করতে স্ক্যান করুন',
    erasedPayer: '(মুছে ফেলা হয়েছে)',
    reversed: 'এই পেমেন্টটি বাতিল করা হয়েছে: রসিদটি আর বৈধ নয়।',
    footer: 'গৃহীত টাকার রসিদ। QR কোডে বৈধ দেখালে রসিদটি বৈধ।',
    pageTitle: 'রসিদ যাচাই',
    pageIntro: 'আমাদের অফিসের রসিদের QR কোড এই পাতাটি খোলে এবং রসিদটি আসল কি না দেখায়।',
    checking: 'রসিদটি যাচাই করা হচ্ছে…',
    noCode: 'রসিদের QR কোড থেকে এই পাতাটি খুলুন।',
    notFound: 'এই কোডের কোনো রসিদ আমাদের কাছে নেই। অনুগ্রহ করে আমাদের অফিসে যোগাযোগ করুন।',
    failed: 'এই মুহূর্তে রসিদটি যাচাই করা গেল না। অনুগ্রহ করে আবার চেষ্টা করুন।',
    issuer: 'ইস্যুকারী',
    status: 'অবস্থা',
    valid: 'বৈধ',
    reversedStatus: 'বাতিল',
    refunded: 'ফেরত দেওয়া হয়েছে',
  },
};

/** How the money came, as a receipt names it. */
export const RECEIPT_METHODS: Record<string, Record<ReceiptLanguage, string>> = {
  cash: { en: 'Cash', bn: 'নগদ' },
  bank: { en: 'Bank transfer', bn: 'ব্যাংক ট্রান্সফার' },
  cheque: { en: 'Cheque', bn: 'চেক' },
  bkash: { en: 'bKash', bn: 'বিকাশ' },
  nagad: { en: 'Nagad', bn: 'নগদ (মোবাইল)' },
  rocket: { en: 'Rocket', bn: 'রকেট' },
  sslcommerz: { en: 'Card / mobile banking (SSLCommerz)', bn: 'কার্ড / মোবাইল ব্যাংকিং (SSLCommerz)' },
  'bkash-checkout': { en: 'bKash (online)', bn: 'বিকাশ (অনলাইন)' },
};

/** The email that sends a receipt, in both languages, line by line (its SMS and WhatsApp are receipt-notices.ts's). */
export function receiptEmail(
  firstName: string,
  r: { number: string; amountMinor: number; date: string; verifyUrl: { en: string; bn: string } },
) {
  const en = [
    `Hello ${firstName},`,
    `Thank you for your payment of ${receiptTaka(r.amountMinor, 'en')} on ${r.date}. Your receipt number is ${r.number}.`,
    `You can check the receipt at any time here: ${r.verifyUrl.en}`,
  ];
  const bn = [
    `প্রিয় ${firstName},`,
    `${receiptTaka(r.amountMinor, 'bn')} পরিশোধের জন্য ধন্যবাদ। আপনার রসিদ নম্বর ${r.number}।`,
    `রসিদটি যেকোনো সময় এখানে যাচাই করতে পারবেন: ${r.verifyUrl.bn}`,
  ];
  return { subject: `Receipt ${r.number} / রসিদ ${r.number}`, en, bn };
}

/** Staff messages of sending a receipt. */
export const RECEIPT_STAFF_TEXTS = {
  notFound: 'There is no such receipt on this application.',
  unknownCode: 'There is no receipt with this code.',
  noChannel:
    'The applicant agreed to no channel the receipt can go by (email, or SMS or WhatsApp while Settings → Messages has them on), so it cannot be sent. Please print it instead.',
  reversed: 'This payment was reversed, so its receipt is no longer valid and is not sent.',
} as const;
