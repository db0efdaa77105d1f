import { displayDate } from '@visa/shared/applicant-file';
import type { ApplicationStatus, DocumentLabel } from '@visa/shared/constants';
import { statusCheckUrl } from '../applicant-file/verification.js';

/**
 * Emails to applicants, each in English then Bengali (most applicants read Bengali first, but
 * embassy paperwork is in English, so both go in one message rather than guessing a language).
 * Only what the applicant copy shows is used; never passport numbers or dates of birth, because
 * email travels through servers we do not control.
 */

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface Recipient {
  /** The application id: the reference printed on the applicant copy. */
  reference: string;
  surname: string;
  givenN: string;
}

export type EmailEvent =
  { kind: 'status'; status: ApplicationStatus; date: string | null } | { kind: 'documents'; labels: DocumentLabel[] };

const BRAND = { en: 'Canada Visa Desk', bn: 'কানাডা ভিসা ডেস্ক' };

const STATUS_NAMES: Record<ApplicationStatus, { en: string; bn: string }> = {
  pending: { en: 'Pending', bn: 'প্রক্রিয়াধীন' },
  approved: { en: 'Approved', bn: 'অনুমোদিত' },
  rejected: { en: 'Rejected', bn: 'প্রত্যাখ্যাত' },
};

const LABEL_NAMES: Record<DocumentLabel, string> = {
  'Job Letter': 'চাকরির চিঠি',
  LMIA: 'এলএমআইএ (LMIA)',
  Visa: 'ভিসা',
  'Visa Form': 'ভিসা ফর্ম',
  'Work Permit': 'ওয়ার্ক পারমিট',
  'Air Tickets': 'বিমান টিকিট',
  Other: 'অন্যান্য',
};

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const toBengaliDigits = (value: string) => value.replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)]!);

/** '2026-11-21' → '21 November 2026'. */
export const englishDate = displayDate;

/** '2026-11-21' → '২১-১১-২০২৬' (DD-MM-YYYY with Bengali digits, as on the public pages). */
export const bengaliDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return toBengaliDigits(`${d}-${m}-${y}`);
};

interface Paragraphs {
  subjectEn: string;
  subjectBn: string;
  en: string[];
  bn: string[];
}

function paragraphsFor(event: EmailEvent, ref: string): Paragraphs {
  if (event.kind === 'documents') {
    const en = event.labels.join(', ');
    const bn = event.labels.map((l) => LABEL_NAMES[l]).join(', ');
    return {
      subjectEn: 'New documents on your visa application',
      subjectBn: 'আপনার ভিসা আবেদনে নতুন নথি',
      en: [`New documents were added to your visa application (reference ${ref}): ${en}.`],
      bn: [`আপনার ভিসা আবেদনে (রেফারেন্স ${ref}) নতুন নথি যুক্ত হয়েছে: ${bn}।`],
    };
  }
  const name = STATUS_NAMES[event.status];
  const subjectEn = `Visa application update: ${name.en}`;
  const subjectBn = `ভিসা আবেদনের হালনাগাদ: ${name.bn}`;
  switch (event.status) {
    case 'approved':
      return {
        subjectEn,
        subjectBn,
        en: [`Good news: your visa application (reference ${ref}) was approved${event.date ? ` on ${englishDate(event.date)}` : ''}.`],
        bn: [`সুখবর: আপনার ভিসা আবেদন (রেফারেন্স ${ref}) ${event.date ? `${bengaliDate(event.date)} তারিখে ` : ''}অনুমোদিত হয়েছে।`],
      };
    case 'rejected':
      return {
        subjectEn,
        subjectBn,
        en: [`We are sorry to tell you that your visa application (reference ${ref}) was rejected. Please contact our office for advice.`],
        bn: [`দুঃখের সাথে জানাচ্ছি যে আপনার ভিসা আবেদন (রেফারেন্স ${ref}) প্রত্যাখ্যাত হয়েছে। পরামর্শের জন্য আমাদের অফিসে যোগাযোগ করুন।`],
      };
    case 'pending':
      return {
        subjectEn,
        subjectBn,
        en: [
          `Your visa application (reference ${ref}) is being processed.`,
          // Words that match the status (ADR 0020): nothing is collected before an approval.
          ...(event.date ? [`Pending since ${englishDate(event.date)}. We will email you when there is news.`] : []),
        ],
        bn: [
          `আপনার ভিসা আবেদন (রেফারেন্স ${ref}) প্রক্রিয়াধীন রয়েছে।`,
          ...(event.date ? [`${bengaliDate(event.date)} থেকে প্রক্রিয়াধীন। কোনো খবর হলে আমরা আপনাকে ইমেইল করব।`] : []),
        ],
      };
  }
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Names come from staff input: strip line breaks so they can never inject headers or fake paragraphs. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export function renderEmail(recipient: Recipient, event: EmailEvent, publicUrl: string): EmailContent {
  const ref = recipient.reference;
  const name = oneLine(`${recipient.givenN} ${recipient.surname}`);
  const checkUrl = statusCheckUrl(publicUrl);
  const p = paragraphsFor(event, ref);

  const en = [
    `Dear ${name},`,
    ...p.en,
    `You can check your application at any time at ${checkUrl} with your passport number, nationality and date of birth.`,
    BRAND.en,
  ];
  const bn = [
    `প্রিয় ${name},`,
    ...p.bn,
    `পাসপোর্ট নম্বর, জাতীয়তা ও জন্মতারিখ দিয়ে যেকোনো সময় ${checkUrl} ঠিকানায় আপনার আবেদনের অবস্থা দেখতে পারেন।`,
    BRAND.bn,
  ];

  const subject = `${p.subjectEn} | ${p.subjectBn}`;
  const text = `${en.join('\n\n')}\n\n----------------------------------------\n\n${bn.join('\n\n')}\n`;
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">',
    `<div lang="en">${en.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>`,
    '<hr>',
    `<div lang="bn">${bn.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/**
 * To a member of staff who asked for a new password (English: the staff area is English only).
 * The link's token sits after `#`, so it never reaches a server log, a proxy or a Referer header.
 */
export function renderPasswordResetEmail(staff: { name: string }, link: string, minutes: number, subject: string): EmailContent {
  const lines = [
    `Dear ${oneLine(staff.name)},`,
    'Someone asked to reset the password of your Canada Visa Desk staff account. If it was you, choose a new password here:',
    link,
    `The link works once, within ${minutes} minutes; signing in with the new password ends every other session of your account.`,
    'If you did not ask, ignore this email: your password stays as it is.',
    BRAND.en,
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: [
      '<!doctype html>',
      '<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">',
      ...lines.map((line) =>
        line === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(line)}</p>`,
      ),
      '</body></html>',
    ].join('\n'),
  };
}
