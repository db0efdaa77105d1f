import type { JobTitle } from './constants.js';

/**
 * The job titles of the application form's list as Bengali pages name them (ADR 0071); kept out of
 * constants.ts so only the pages that show them carry them. A title from before the list (brought
 * in from the earlier app) has no Bengali name and is shown as written.
 */
const JOB_TITLES_BN: Record<JobTitle, string> = {
  Driving: 'ড্রাইভিং',
  Construction: 'নির্মাণকাজ',
  Electrician: 'ইলেকট্রিশিয়ান',
  Holder: 'হোল্ডার',
  Housekeeping: 'হাউসকিপিং',
  Cleaner: 'পরিচ্ছন্নতাকর্মী',
  Plumber: 'প্লাম্বার',
  Packaging: 'প্যাকেজিং',
  Cook: 'রাঁধুনি',
  Restaurant: 'রেস্টুরেন্ট',
  Manager: 'ম্যানেজার',
  Supervisor: 'সুপারভাইজার',
  Worker: 'শ্রমিক',
  'Caring Operator': 'কেয়ারিং অপারেটর',
};

/** A job title in the page's language. */
export const jobTitleIn = (title: string, language: 'en' | 'bn'): string =>
  language === 'bn' && Object.hasOwn(JOB_TITLES_BN, title) ? JOB_TITLES_BN[title as JobTitle] : title;
