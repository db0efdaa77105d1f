import { formatDate } from './dates.js';

/**
 * Reminders of what an IRCC letter asks the applicant to do in person (ADR 0080): by SMS, by
 * WhatsApp and by email, in English and Bangla. They name the applicant's first name, the thing to
 * do and the date, never a passport number or a date of birth.
 */

/** The letters an applicant is reminded of, and what each asks of them. */
export const REMINDER_TASKS = {
  biometrics: {
    en: 'give your biometrics at the visa application centre (VFS)',
    bn: 'ভিসা আবেদন কেন্দ্রে (VFS) আপনার বায়োমেট্রিক্স দিন',
  },
  medical: {
    en: 'do your medical exam with a panel physician',
    bn: 'প্যানেল চিকিৎসকের কাছে আপনার মেডিকেল পরীক্ষা করান',
  },
  passport: {
    en: 'bring your passport to our office',
    bn: 'আমাদের অফিসে আপনার পাসপোর্ট নিয়ে আসুন',
  },
} as const;
export type ReminderTask = keyof typeof REMINDER_TASKS;

export interface ReminderValues {
  firstName: string;
  task: ReminderTask;
  /** The letter's deadline, YYYY-MM-DD. */
  deadline: string;
  officeName: string;
  /** The office's phone number; empty when the office has none. */
  officePhone: string;
}

/** The SMS, in one language; the office's phone only when it has one. */
export function reminderSms(language: 'en' | 'bn', v: ReminderValues): string {
  const task = REMINDER_TASKS[v.task][language];
  const date = formatDate(v.deadline, language);
  if (language === 'en') {
    const call = v.officePhone ? ` Questions? Call ${v.officePhone}.` : '';
    return `Dear ${v.firstName}, please ${task} by ${date}.${call} ${v.officeName}`;
  }
  const call = v.officePhone ? ` প্রশ্ন থাকলে ফোন করুন ${v.officePhone}।` : '';
  return `প্রিয় ${v.firstName}, অনুগ্রহ করে ${date} তারিখের মধ্যে ${task}।${call} ${v.officeName}`;
}

/**
 * The WhatsApp template for a reminder: outside the 24-hour window only an approved template goes,
 * so the office has one of this name approved ("utility") in English and Bangla, with the first
 * name, the thing to do and the date as its body parameters {{1}}, {{2}} and {{3}}.
 */
export const REMINDER_WHATSAPP = {
  name: 'case_deadline_reminder',
  language: { en: 'en', bn: 'bn' },
  parameters: ['firstName', 'task', 'deadline'],
} as const;

/** The WhatsApp template's parameters, in one language. */
export const reminderWhatsAppParameters = (language: 'en' | 'bn', v: ReminderValues): string[] =>
  REMINDER_WHATSAPP.parameters.map((p) =>
    p === 'task' ? REMINDER_TASKS[v.task][language] : p === 'deadline' ? formatDate(v.deadline, language) : v.firstName,
  );

/** The email, in both languages, line by line. */
export function reminderEmail(firstName: string, task: ReminderTask, deadline: string) {
  const en = [
    `Hello ${firstName},`,
    `This is a reminder: please ${REMINDER_TASKS[task].en} by ${formatDate(deadline, 'en')}.`,
    'If it is already done, please tell our office.',
  ];
  const bn = [
    `প্রিয় ${firstName},`,
    `মনে করিয়ে দিচ্ছি: অনুগ্রহ করে ${formatDate(deadline, 'bn')} তারিখের মধ্যে ${REMINDER_TASKS[task].bn}।`,
    'এটি হয়ে গিয়ে থাকলে অনুগ্রহ করে আমাদের অফিসকে জানান।',
  ];
  return { subject: `Reminder: ${formatDate(deadline, 'en')} / মনে করিয়ে দেওয়া: ${formatDate(deadline, 'bn')}`, en, bn };
}
