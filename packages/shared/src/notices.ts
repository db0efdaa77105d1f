import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus } from './constants.js';
import { NOTIFY_CHANNELS, PHONE_CHANNELS } from './notice-channels.js';

/**
 * Notices, what the applicant is told: the channels they can agree to (notice-channels.ts), the
 * office's settings and templates of the status messages by SMS and WhatsApp (Settings → Messages,
 * ADR 0044) and the counting of SMS characters and parts. Pure, so the API and the Settings page
 * count and render with the same code.
 */

export { DEFAULT_NOTIFY, NOTIFY_CHANNELS, type NotifyChannel, PHONE_CHANNELS, type PhoneChannel } from './notice-channels.js';
/** What the forms say about notices: the `notify` field and Settings → Messages. */
export const NOTICE_FORM_TEXTS = {
  invalidNotify: 'Notify must be a comma-separated list of email, sms and whatsapp.',
  unknownVariable: (name: string) =>
    `The template uses {${name}}, which is not a variable. Use only {firstName}, {status}, {officeName}, {officePhone} and {statusLink}.`,
  invalidTime: 'Quiet hours must be times written as HH:MM.',
  smsQuietHours: 'SMS may not be sent between 00:00 and 08:00: quiet hours must cover that time.',
  channelUnavailable: 'This channel has no provider configured on the server.',
  invalidTestNumber: 'Please enter a valid phone number.',
  templateName: 'A WhatsApp template name is lower-case letters, digits and underscores.',
  templateLanguage: 'A WhatsApp template language is a code such as en or bn or en_US.',
  templateParameter: 'A WhatsApp body parameter is one of firstName, status, officeName, officePhone and statusLink.',
  /** Texts tell the applicant to call the office: without its number there is nothing to call (ADR 0070). */
  officePhoneMissing:
    'SMS and WhatsApp need the office phone, which is not set: enter it under Settings → Office contact first, then turn the channel on.',
  officePhoneNote:
    'The office phone is not set (Settings → Office contact): SMS and WhatsApp cannot be turned on, and each sentence that uses {officePhone} is left out of the texts.',
} as const;

/**
 * Why staff cannot reach, or add to, an applicant (ADR 0064): an erased applicant is nobody any
 * more, and one who withdrew consent is sent nothing and given nothing new to process.
 */
export const CONTACT_TEXTS = {
  erased: 'This applicant’s personal data was erased: nothing can be sent to them or added to their record.',
  consentWithdrawn: 'This applicant withdrew consent: nothing more is sent to them and nothing new is added to their record.',
  testNumberWithheld: 'This number belongs to an applicant who withdrew consent: no message, not even a test, goes to it.',
} as const;

/**
 * The `notify` field as the add and edit forms send it: a comma list, each channel at most once
 * in any order; the answer lists them in the fixed order. Empty means no channel at all.
 */
export const NotifyFieldSchema = z
  .string({ error: NOTICE_FORM_TEXTS.invalidNotify })
  .max(40, NOTICE_FORM_TEXTS.invalidNotify)
  .transform((raw, ctx) => {
    const parts = raw
      .split(',')
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean);
    if (parts.some((p) => !(NOTIFY_CHANNELS as readonly string[]).includes(p))) {
      ctx.addIssue({ code: 'custom', message: NOTICE_FORM_TEXTS.invalidNotify });
      return z.NEVER;
    }
    return NOTIFY_CHANNELS.filter((c) => parts.includes(c));
  });

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

/** The only things a notice may say about the applicant: never a passport, a date of birth, a surname or an address. */
export const TEMPLATE_VARIABLES = ['firstName', 'status', 'officeName', 'officePhone', 'statusLink'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Record<TemplateVariable, string>;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The first placeholder of a template that is not one of the variables, or null. */
export function unknownVariable(template: string): string | null {
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (!(TEMPLATE_VARIABLES as readonly string[]).includes(match[1]!)) return match[1]!;
  }
  return null;
}

/** A sentence ends at . ! ? or the Bangla daṛi (।) followed by a space or the end; a link's dots are inside words. */
const SENTENCE_END = /(?<=[.!?।])\s+/u;

/**
 * The template without each sentence that names `{officePhone}`: what goes when the office has no
 * phone set, so no text ever says "call" and then nothing (ADR 0070).
 */
export const withoutPhoneSentences = (template: string) =>
  template
    .split(SENTENCE_END)
    .filter((sentence) => !sentence.includes('{officePhone}'))
    .join(' ')
    .trim();

/**
 * Fills the variables in; a value is inserted as it is, never read again as a template. With no
 * office phone, the sentences that would name it are left out first.
 */
export const renderTemplate = (template: string, values: TemplateValues) =>
  (values.officePhone === '' ? withoutPhoneSentences(template) : template).replace(PLACEHOLDER, (whole, name: string) =>
    (TEMPLATE_VARIABLES as readonly string[]).includes(name) ? values[name as TemplateVariable] : whole,
  );

const templateText = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .superRefine((text, ctx) => {
    const unknown = unknownVariable(text);
    if (unknown !== null) ctx.addIssue({ code: 'custom', message: NOTICE_FORM_TEXTS.unknownVariable(unknown) });
  });

const LanguageTexts = z.object({ en: templateText, bn: templateText });
const WhatsAppTemplate = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, NOTICE_FORM_TEXTS.templateName),
  language: z.object({
    en: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, NOTICE_FORM_TEXTS.templateLanguage),
    bn: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, NOTICE_FORM_TEXTS.templateLanguage),
  }),
  /** The body parameters, in the order the approved template numbers them ({{1}}, {{2}}, …). */
  parameters: z.array(z.enum(TEMPLATE_VARIABLES, NOTICE_FORM_TEXTS.templateParameter)).max(5),
});

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, NOTICE_FORM_TEXTS.invalidTime);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether quiet hours from `start` to `end` (wrapping past midnight when start > end) cover 00:00–08:00. */
export function coversNight(start: string, end: string): boolean {
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (s === e) return false;
  // Not wrapping past midnight, they must start at it; wrapping, they must last to eight at least.
  return s < e ? s === 0 && e >= 8 * 60 : e >= 8 * 60;
}

const byStatus = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, schema])) as Record<ApplicationStatus, T>);

export const MessageSettingsSchema = z
  .object({
    channels: z.object({ sms: z.boolean(), whatsapp: z.boolean() }),
    /** auto: Bangla for a Bangladeshi number (+880), English otherwise. */
    language: z.enum(['auto', 'en', 'bn']),
    quietHours: z.object({ start: time, end: time }),
    sms: byStatus(LanguageTexts),
    whatsapp: byStatus(WhatsAppTemplate),
    limits: z.object({
      perApplicationPerDay: z.number().int().min(1).max(50),
      perNumberPerDay: z.number().int().min(1).max(50),
    }),
    /** The status email settles like the text messages (ADR 0054); off, it goes at every change. */
    emailSettle: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (!coversNight(value.quietHours.start, value.quietHours.end)) {
      ctx.addIssue({ code: 'custom', path: ['quietHours'], message: NOTICE_FORM_TEXTS.smsQuietHours });
    }
  });
export type MessageSettings = z.infer<typeof MessageSettingsSchema>;

export const DEFAULT_MESSAGE_SETTINGS: MessageSettings = {
  channels: { sms: false, whatsapp: false },
  language: 'auto',
  quietHours: { start: '21:00', end: '08:00' },
  sms: {
    pending: {
      en: 'Dear {firstName}, your visa application is now {status}. Check it at {statusLink}. Or call {officePhone}. {officeName}',
      bn: 'প্রিয় {firstName}, আপনার ভিসা আবেদন এখন {status}। দেখুন {statusLink}। অথবা ফোন করুন {officePhone}। {officeName}',
    },
    approved: {
      en: 'Dear {firstName}, your visa application was {status}. Check it at {statusLink}. Or call {officePhone}. {officeName}',
      bn: 'প্রিয় {firstName}, আপনার ভিসা আবেদন {status} হয়েছে। দেখুন {statusLink}। অথবা ফোন করুন {officePhone}। {officeName}',
    },
    rejected: {
      en: 'Dear {firstName}, your visa application was {status}. Check it at {statusLink}. Please call {officePhone}. {officeName}',
      bn: 'প্রিয় {firstName}, আপনার ভিসা আবেদন {status} হয়েছে। দেখুন {statusLink}। অনুগ্রহ করে ফোন করুন {officePhone}। {officeName}',
    },
  },
  whatsapp: {
    pending: { name: 'visa_status_update', language: { en: 'en', bn: 'bn' }, parameters: ['firstName', 'status', 'statusLink'] },
    approved: { name: 'visa_status_update', language: { en: 'en', bn: 'bn' }, parameters: ['firstName', 'status', 'statusLink'] },
    rejected: { name: 'visa_status_update', language: { en: 'en', bn: 'bn' }, parameters: ['firstName', 'status', 'statusLink'] },
  },
  limits: { perApplicationPerDay: 5, perNumberPerDay: 5 },
  emailSettle: false,
};

/** The status as a notice names it, in each language. */
export const STATUS_WORDS: Record<ApplicationStatus, { en: string; bn: string }> = {
  pending: { en: 'pending', bn: 'প্রক্রিয়াধীন' },
  approved: { en: 'approved', bn: 'অনুমোদিত' },
  rejected: { en: 'rejected', bn: 'প্রত্যাখ্যাত' },
};

/** Bangla for Bangladeshi numbers unless the office chose one language for everyone. */
export const noticeLanguage = (setting: MessageSettings['language'], e164: string): 'en' | 'bn' =>
  setting === 'auto' ? (e164.startsWith('+880') ? 'bn' : 'en') : setting;

// ---------------------------------------------------------------------------------------------
// Counting SMS
// ---------------------------------------------------------------------------------------------

/** The GSM 03.38 default alphabet: one septet each. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: an escape and the character, two septets each. */
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsCount {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the person sees them (code points). */
  characters: number;
  /** What the limits are counted in: septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  parts: number;
  /** How many units fit in each part of a message of this length. */
  perPart: number;
}

/** GSM-7 when every character is in the default alphabet, UCS-2 otherwise; each with its own single and per-part sizes (docs/notices.md). */
export function countSms(text: string): SmsCount {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const characters = [...text].length;
  if (gsm) {
    const parts = septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153);
    return { encoding: 'GSM-7', characters, units: septets, parts, perPart: parts > 1 ? 153 : 160 };
  }
  const units = text.length;
  const parts = units <= 70 ? 1 : Math.ceil(units / 67);
  return { encoding: 'UCS-2', characters, units, parts, perPart: parts > 1 ? 67 : 70 };
}

// ---------------------------------------------------------------------------------------------
// What the Settings page reads and sends
// ---------------------------------------------------------------------------------------------

export const MessageSettingsViewSchema = z.object({
  settings: MessageSettingsSchema,
  /** Which channels have a provider configured on the server; the others cannot be turned on. */
  available: z.object({ sms: z.boolean(), whatsapp: z.boolean() }),
  smsProvider: z.enum(['http', 'twilio']).nullable(),
  /**
   * What the texts are filled with besides the applicant's name and status: the office's phone
   * (empty when not set) and its public status-check address, so the preview reads as sent.
   */
  office: z.object({ phone: z.string(), statusLink: z.string() }),
});
export type MessageSettingsView = z.infer<typeof MessageSettingsViewSchema>;

export const TestMessageInputSchema = z.object({
  channel: z.enum(PHONE_CHANNELS),
  to: z.string().max(40),
  status: z.enum(APPLICATION_STATUSES).default('approved'),
});

export const TestMessageResultSchema = z.object({
  ok: z.boolean(),
  /** The provider's answer, shortened, with numbers masked. */
  answer: z.string(),
  providerId: z.string().nullable(),
});
export type TestMessageResult = z.infer<typeof TestMessageResultSchema>;
