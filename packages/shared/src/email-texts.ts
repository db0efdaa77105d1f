import { AUDIT_ACTION_LABELS } from './audit-actions.js';
import { type ApplicationStatus, BRAND_NAME, type DocumentLabel } from './constants.js';
import { formatDate } from './dates.js';

/**
 * The words of every email the API sends. The API keeps the assembly (headers, escaping, HTML);
 * the sentences live here with the other user-facing messages so one place owns them.
 *
 * Applicant emails carry English then Bengali (most applicants read Bengali first, but embassy
 * paperwork is in English, so both go in one message rather than guessing a language). Staff
 * emails are English only, like the staff area.
 */

const STATUS_NAMES: Record<ApplicationStatus, { en: string; bn: string }> = {
  pending: { en: 'Pending', bn: 'প্রক্রিয়াধীন' },
  approved: { en: 'Approved', bn: 'অনুমোদিত' },
  rejected: { en: 'Rejected', bn: 'প্রত্যাখ্যাত' },
};

const LABEL_NAMES_BN: Record<DocumentLabel, string> = {
  'Job Letter': 'চাকরির চিঠি',
  LMIA: 'এলএমআইএ (LMIA)',
  Visa: 'ভিসা',
  'Visa Form': 'ভিসা ফর্ম',
  'Work Permit': 'ওয়ার্ক পারমিট',
  'Air Tickets': 'বিমান টিকিট',
  Other: 'অন্যান্য',
};

/** One applicant email's own words: a subject and paragraphs in each language. */
export interface ApplicantEmailParagraphs {
  subjectEn: string;
  subjectBn: string;
  en: string[];
  bn: string[];
}

/** New documents were added to the application; labels in the order staff gave them. */
export function documentsEmailParagraphs(ref: string, labels: readonly DocumentLabel[]): ApplicantEmailParagraphs {
  const en = labels.join(', ');
  const bn = labels.map((l) => LABEL_NAMES_BN[l]).join(', ');
  return {
    subjectEn: 'New documents on your visa application',
    subjectBn: 'আপনার ভিসা আবেদনে নতুন নথি',
    en: [`New documents were added to your visa application (reference ${ref}): ${en}.`],
    bn: [`আপনার ভিসা আবেদনে (রেফারেন্স ${ref}) নতুন নথি যুক্ত হয়েছে: ${bn}।`],
  };
}

/** The application's status changed; `date` is the day staff gave, when there is one. */
export function statusEmailParagraphs(ref: string, status: ApplicationStatus, date: string | null): ApplicantEmailParagraphs {
  const name = STATUS_NAMES[status];
  const subjectEn = `Visa application update: ${name.en}`;
  const subjectBn = `ভিসা আবেদনের হালনাগাদ: ${name.bn}`;
  switch (status) {
    case 'approved':
      return {
        subjectEn,
        subjectBn,
        en: [`Good news: your visa application (reference ${ref}) was approved${date ? ` on ${formatDate(date, 'en')}` : ''}.`],
        bn: [`সুখবর: আপনার ভিসা আবেদন (রেফারেন্স ${ref}) ${date ? `${formatDate(date, 'bn')} তারিখে ` : ''}অনুমোদিত হয়েছে।`],
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
          ...(date ? [`Pending since ${formatDate(date, 'en')}. We will email you when there is news.`] : []),
        ],
        bn: [
          `আপনার ভিসা আবেদন (রেফারেন্স ${ref}) প্রক্রিয়াধীন রয়েছে।`,
          ...(date ? [`${formatDate(date, 'bn')} থেকে প্রক্রিয়াধীন। কোনো খবর হলে আমরা আপনাকে ইমেইল করব।`] : []),
        ],
      };
  }
}

/** Around every applicant email's own paragraphs: the greeting, then how to check the status. */
export const APPLICANT_EMAIL = {
  greeting: { en: (name: string) => `Dear ${name},`, bn: (name: string) => `প্রিয় ${name},` },
  checkStatus: {
    en: (checkUrl: string) =>
      `You can check your application at any time at ${checkUrl} with your passport number, nationality and date of birth.`,
    bn: (checkUrl: string) => `পাসপোর্ট নম্বর, জাতীয়তা ও জন্মতারিখ দিয়ে যেকোনো সময় ${checkUrl} ঠিকানায় আপনার আবেদনের অবস্থা দেখতে পারেন।`,
  },
} as const;

/** Both subjects in one line, English first like the body. */
export const applicantEmailSubject = (p: ApplicantEmailParagraphs) => `${p.subjectEn} | ${p.subjectBn}`;

/** To a member of staff who asked for a new password; the link is a paragraph of its own. */
export const passwordResetEmailLines = (name: string, link: string, minutes: number) => [
  `Dear ${name},`,
  `Someone asked to reset the password of your ${BRAND_NAME.en} staff account. If it was you, choose a new password here:`,
  link,
  `The link works once, within ${minutes} minutes; signing in with the new password ends every other session of your account.`,
  'If you did not ask, ignore this email: your password stays as it is.',
  BRAND_NAME.en,
];

export const SIGN_IN_ALERT_SUBJECT = `Many failed sign-ins to your ${BRAND_NAME.en} account`;

/** Too many failed sign-ins to one account: what happened and what to do, never a link. */
export const signInAlertEmailLines = (name: string, email: string, attempts: number, windowMinutes: number) => [
  `Dear ${name},`,
  `In the last ${windowMinutes} minutes there were more than ${attempts} attempts to sign in to your ${BRAND_NAME.en} staff account (${email}), from several places.`,
  'Your account is not locked: you can still sign in with your password. Sign-in attempts to your account are now taken one at a time, and places that keep guessing are turned away for a while.',
  'If these were not you, someone may be trying to guess your password. Make sure it is long and used nowhere else (you can change it on the Profile page), and tell the office.',
  BRAND_NAME.en,
];

/** A change to a member of staff's two-step sign-in (ADR 0039); `codes-locked` is the cap on wrong codes in a row. */
export type SecondFactorChange = 'enabled' | 'device-replaced' | 'disabled' | 'reset' | 'recovery-codes-replaced' | 'codes-locked';

export const SECOND_FACTOR_EMAIL_SUBJECTS: Record<SecondFactorChange, string> = {
  enabled: `Two-step sign-in was turned on for your ${BRAND_NAME.en} account`,
  'device-replaced': `Two-step sign-in on your ${BRAND_NAME.en} account moved to a new device`,
  disabled: `Two-step sign-in was turned off for your ${BRAND_NAME.en} account`,
  reset: `Two-step sign-in was removed from your ${BRAND_NAME.en} account`,
  'recovery-codes-replaced': `New recovery codes for your ${BRAND_NAME.en} account`,
  'codes-locked': `Codes from your authenticator app no longer work on your ${BRAND_NAME.en} account`,
};

const SECOND_FACTOR_EMAIL_WHAT: Record<SecondFactorChange, (wrongCodes: number) => string[]> = {
  enabled: () => [
    'Two-step sign-in was turned on for your staff account: signing in now takes your password and a code from an authenticator app, and new recovery codes were made.',
  ],
  'device-replaced': () => [
    'Two-step sign-in on your staff account was set up with a new authenticator app: the earlier app no longer works, and new recovery codes were made.',
  ],
  disabled: () => ['Two-step sign-in was turned off for your staff account: signing in now takes your password alone.'],
  reset: () => [
    'The office removed two-step sign-in from your staff account, and every session of the account was signed out. Your recovery codes no longer work.',
  ],
  'recovery-codes-replaced': () => ['New recovery codes were made for your staff account; the earlier ones no longer work.'],
  'codes-locked': (wrongCodes) => [
    `${wrongCodes} wrong codes in a row were entered for your staff account, after its password. Codes from your authenticator app no longer work until you sign in with one of your recovery codes or the office resets your two-step sign-in.`,
    'Someone who is not you may know your password. Sign in with a recovery code, change your password on the Profile page, and tell the office.',
  ],
};

/** What changed and what to do if it was not the holder: never a code, a link or an address. */
export const secondFactorEmailLines = (name: string, change: SecondFactorChange, wrongCodes: number) => [
  `Dear ${name},`,
  ...SECOND_FACTOR_EMAIL_WHAT[change](wrongCodes),
  ...(change === 'codes-locked'
    ? []
    : ['If this was not you, someone may have your password or a signed-in session: tell the office at once.']),
  BRAND_NAME.en,
];

export const STATUS_CHECK_ALERT_SUBJECT = `Many status checks for one passport on ${BRAND_NAME.en}`;

/** To the super-admins when one passport is looked up from many addresses: what happened and what to do, never the passport. */
export const statusCheckAlertEmailLines = (name: string, lookups: number, windowMinutes: number) => [
  `Dear ${name},`,
  `In the last ${windowMinutes} minutes the public status check was asked about one passport more than ${lookups} times, from several places: someone may be guessing an applicant's date of birth.`,
  `Lookups of that passport are now answered one at a time, and places that keep guessing are turned away for a while. The audit log has the event as “${AUDIT_ACTION_LABELS['enquiry.slowed']}”, without the passport.`,
  BRAND_NAME.en,
];

export const UPLOAD_ALERT_SUBJECT = `Files to review on ${BRAND_NAME.en}`;

/**
 * To staff when an applicant sends files by link (ADR 0069), at most once an hour per application:
 * the application's reference and the staff page's address only, nothing of the applicant.
 */
export const uploadAlertEmailLines = (name: string, reference: string, link: string) => [
  `Dear ${name},`,
  `The applicant of application ${reference} has sent files through their document link. They are waiting for your review.`,
  link,
  'You are told at most once an hour for each application; the application list shows every application with files waiting.',
  BRAND_NAME.en,
];
