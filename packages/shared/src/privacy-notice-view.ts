/**
 * The privacy notice as the public site shows it (ADR 0053). As with the office contact (ADR 0025)
 * this module is the one place its markup is made: the page prerenders the default notice in a
 * slot, and the server puts the published version in its place as it serves the page. It imports
 * only the date and number formatter, so the public pages that render it stay light.
 */
import { formatDate, formatNumber } from './dates.js';

export type PrivacyNoticeLanguage = 'en' | 'bn';

/** A published version in one language; null stands for the default notice below. */
export interface PrivacyNoticeVersionView {
  version: number;
  /** ISO timestamp of publication. */
  publishedAt: string;
  body: string;
}

export const PRIVACY_WORDS = {
  en: {
    title: 'Privacy notice',
    description: 'What personal data Canada Visa Desk holds about applicants, why, for how long, and the rights the law gives you.',
    version: (version: string, date: string) => `Version ${version}, published ${date}.`,
    standard: 'This is the standard notice of the office until it publishes its own.',
    link: 'Privacy notice',
    formNote: 'How the office holds and uses your personal data, and your rights:',
  },
  bn: {
    title: 'গোপনীয়তা বিজ্ঞপ্তি',
    description: 'কানাডা ভিসা ডেস্ক আবেদনকারীদের কোন ব্যক্তিগত তথ্য রাখে, কেন, কতদিন, এবং আইন আপনাকে কী অধিকার দেয়।',
    version: (version: string, date: string) => `সংস্করণ ${version}, প্রকাশিত ${date}।`,
    standard: 'অফিস নিজের বিজ্ঞপ্তি প্রকাশ না করা পর্যন্ত এটি প্রমিত বিজ্ঞপ্তি।',
    link: 'গোপনীয়তা বিজ্ঞপ্তি',
    formNote: 'অফিস কীভাবে আপনার ব্যক্তিগত তথ্য রাখে ও ব্যবহার করে, এবং আপনার অধিকার:',
  },
} as const;

/**
 * The notice used while the office has published none, and the text its Settings editor starts
 * from. Paragraphs are separated by a blank line; the office's contact stands under the notice.
 */
export const DEFAULT_PRIVACY_NOTICE: Record<PrivacyNoticeLanguage, string> = {
  en: [
    'This office helps people apply for Canadian visas. To do that it keeps the personal data you give it in its application system.',
    'What we hold: your name, email address, phone number, national ID, sex, date and city of birth, nationality, identification, employer, job title, duty duration and salary, passport number and issuing country, your photo, the documents you give us (scanned or sent through a document link), the visa type, the status of your application and its dates, the emails and text messages we send you, and a history of what our staff did with your file.',
    'Why: to prepare and follow your application, to tell you when its status changes (by email, and by SMS or WhatsApp if you agreed), to ask you for documents, and to let you check the status on this website with your passport number and date of birth. We do not sell your data or use it for advertising.',
    'Who sees it: only this office’s staff, signed in to the back office. Your data is kept on the office’s server and in its backups.',
    'How long: only as long as it is needed for your application. The office may set periods after which a finished or untouched application is anonymised: your personal details, photo and documents are removed and only anonymous counts remain.',
    'Your rights under the Bangladesh Personal Data Protection Ordinance 2025: you may ask to see the data we hold about you (access), to have it corrected (correction), to receive a copy in a common format (portability), to have it erased (erasure), and to withdraw your consent at any time (withdrawing consent). When you withdraw consent we stop sending you messages and your data is erased when the office’s retention period allows.',
    'To use these rights or ask a question, contact the office using the details below.',
  ].join('\n\n'),
  bn: [
    'এই অফিস মানুষকে কানাডার ভিসার জন্য আবেদন করতে সাহায্য করে। এর জন্য আপনি যে ব্যক্তিগত তথ্য দেন তা অফিসের আবেদন ব্যবস্থায় রাখা হয়।',
    'আমরা যা রাখি: আপনার নাম, ইমেইল ঠিকানা, ফোন নম্বর, জাতীয় পরিচয়পত্র, লিঙ্গ, জন্ম তারিখ ও জন্মস্থান, জাতীয়তা, পরিচয়, নিয়োগকর্তা, পদবি, কাজের মেয়াদ ও বেতন, পাসপোর্ট নম্বর ও ইস্যুকারী দেশ, আপনার ছবি, আপনার দেওয়া কাগজপত্র (স্ক্যান করা বা ডকুমেন্ট লিংকের মাধ্যমে পাঠানো), ভিসার ধরন, আবেদনের অবস্থা ও তারিখসমূহ, আমরা আপনাকে যে ইমেইল ও বার্তা পাঠাই, এবং আমাদের কর্মীরা আপনার ফাইলে কী করেছেন তার ইতিহাস।',
    'কেন: আপনার আবেদন প্রস্তুত ও অনুসরণ করতে, অবস্থা বদলালে আপনাকে জানাতে (ইমেইলে, এবং আপনি রাজি হলে SMS বা WhatsApp-এ), কাগজপত্র চাইতে, এবং পাসপোর্ট নম্বর ও জন্ম তারিখ দিয়ে এই ওয়েবসাইটে অবস্থা দেখার সুযোগ দিতে। আমরা আপনার তথ্য বিক্রি করি না বা বিজ্ঞাপনে ব্যবহার করি না।',
    'কারা দেখতে পান: শুধু এই অফিসের কর্মীরা, ব্যাক অফিসে সাইন ইন করে। আপনার তথ্য অফিসের সার্ভারে ও তার ব্যাকআপে রাখা হয়।',
    'কতদিন: শুধু আপনার আবেদনের জন্য যতদিন প্রয়োজন। অফিস সময়সীমা ঠিক করতে পারে, যার পরে শেষ হওয়া বা অপরিবর্তিত আবেদন বেনামি করা হয়: আপনার ব্যক্তিগত তথ্য, ছবি ও কাগজপত্র মুছে ফেলা হয় এবং শুধু বেনামি সংখ্যা থাকে।',
    'বাংলাদেশ ব্যক্তিগত উপাত্ত সুরক্ষা অধ্যাদেশ ২০২৫ অনুযায়ী আপনার অধিকার: আমরা আপনার সম্পর্কে কী তথ্য রাখি তা দেখতে চাওয়া (প্রবেশাধিকার), তা সংশোধন করাতে চাওয়া (সংশোধন), প্রচলিত ফরম্যাটে একটি কপি পাওয়া (বহনযোগ্যতা), তা মুছে ফেলতে বলা (মুছে ফেলা), এবং যেকোনো সময় আপনার সম্মতি প্রত্যাহার করা। সম্মতি প্রত্যাহার করলে আমরা আপনাকে বার্তা পাঠানো বন্ধ করি এবং অফিসের সংরক্ষণ সময়সীমা অনুযায়ী আপনার তথ্য মুছে ফেলা হয়।',
    'এই অধিকারগুলো ব্যবহার করতে বা কোনো প্রশ্ন থাকলে নিচের ঠিকানায় অফিসে যোগাযোগ করুন।',
  ].join('\n\n'),
};

/** The applicant copy's line pointing to the notice. */
export const copyPrivacyLine = (url: string) => `How the office holds and uses this data, and the applicant's rights: ${url}`;

/** The attribute of the slot the server fills: `data-privacy-notice="en"`. */
export const PRIVACY_SLOT_ATTRIBUTE = 'data-privacy-notice';

/** Ends every rendered notice, so the server finds where the slot's content stops; escaped text can never contain it. */
const END_MARK = '<!--/privacy-notice-->';

/** A slot in a built page, with whatever notice it holds; the server replaces the content. */
export const PRIVACY_SLOT = /(<div\b[^>]*\sdata-privacy-notice="(en|bn)"[^>]*>)[\s\S]*?<!--\/privacy-notice-->/g;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Plain text to paragraphs: a blank line starts a new one, a single line break stays a line break. */
export function privacyNoticeParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trim()))
    .filter((lines) => lines.some((line) => line !== ''));
}

/**
 * The notice's markup: the version line, then each paragraph, every character of the office's
 * text escaped. `null` renders the default notice.
 */
export function renderPrivacyNotice(notice: PrivacyNoticeVersionView | null, language: PrivacyNoticeLanguage, timeZone = 'UTC'): string {
  const words = PRIVACY_WORDS[language];
  const meta = notice
    ? words.version(formatNumber(notice.version, language), formatDate(notice.publishedAt, language, timeZone))
    : words.standard;
  const paragraphs = privacyNoticeParagraphs(notice ? notice.body : DEFAULT_PRIVACY_NOTICE[language]).map(
    (lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
  );
  return `<p class="privacy-version text-body-secondary">${escapeHtml(meta)}</p>${paragraphs.join('')}${END_MARK}`;
}
