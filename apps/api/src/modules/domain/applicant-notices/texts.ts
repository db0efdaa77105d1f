import { BRAND_NAME } from '@visa/shared/constants';
import { formatDate } from '@visa/shared/dates';
import { DOCUMENT_REQUEST_WHATSAPP, documentRequestSms } from '@visa/shared/document-request-notices';
import {
  type MessageSettings,
  type PhoneChannel,
  STATUS_WORDS,
  type TemplateValues,
  noticeLanguage,
  renderTemplate,
} from '@visa/shared/notices';
import { REMINDER_WHATSAPP, type ReminderTask, reminderSms, reminderWhatsAppParameters } from '@visa/shared/reminder-texts';
import { RECEIPT_WHATSAPP, receiptSms, receiptWhatsAppParameters } from '@visa/shared/receipt-notices';
import { oneLine } from '../../../lib/email-html.js';
import { PAY_LINK_WHATSAPP, payLinkSms } from '@visa/shared/pay-link-notices';
import { documentsLink, payLink, receiptLink, statusCheckUrl } from '../../../lib/public-links.js';
import type { OutgoingMessage } from '../../../infra/text-providers/call.js';

/**
 * Text messages (SMS, WhatsApp), written when they are sent (ADR 0044, ADR 0055): the office's
 * templates for a status, the fixed texts for a document-request link, a reminder, a payment link
 * and a receipt, in the language the number calls for.
 */

const firstWord = (givenName: string) => oneLine(givenName).split(' ')[0] ?? '';

/** What a status text message may say about the applicant: the first name and the status, nothing else of theirs. */
export function statusNoticeValues(
  m: { givenName: string; status: keyof typeof STATUS_WORDS; language: 'en' | 'bn' },
  office: { phone: string; publicUrl: string },
): TemplateValues {
  return {
    firstName: firstWord(m.givenName),
    status: STATUS_WORDS[m.status][m.language],
    officeName: BRAND_NAME[m.language],
    officePhone: office.phone,
    statusLink: statusCheckUrl(office.publicUrl),
  };
}

/** The text (SMS) or the template and its parameters (WhatsApp) for one applicant and status. */
export function composeStatusNotice(
  settings: MessageSettings,
  channel: PhoneChannel,
  to: string,
  values: TemplateValues,
  status: keyof typeof STATUS_WORDS,
): OutgoingMessage {
  const language = noticeLanguage(settings.language, to);
  if (channel === 'sms') return { to, text: renderTemplate(settings.sms[status][language], values) };
  const template = settings.whatsapp[status];
  return {
    to,
    text: '',
    template: { name: template.name, language: template.language[language], parameters: template.parameters.map((p) => values[p]) },
  };
}

/** A WhatsApp template the office has approved under one name in English and Bangla. */
interface ApprovedTemplate {
  name: string;
  language: { en: string; bn: string };
}

/**
 * The shape of every notice with fixed words: on SMS the text, on WhatsApp the approved template
 * in the number's language with its body parameters, in order. Outside the 24-hour window WhatsApp
 * takes nothing else, so the text is empty there.
 */
function smsOrTemplate(
  channel: PhoneChannel,
  m: { to: string; language: 'en' | 'bn'; sms: string; template: ApprovedTemplate; parameters: string[] },
): OutgoingMessage {
  if (channel === 'sms') return { to: m.to, text: m.sms };
  return { to: m.to, text: '', template: { name: m.template.name, language: m.template.language[m.language], parameters: m.parameters } };
}

/** The text (SMS) or the approved template and its parameters (WhatsApp) carrying a document request's link. */
export function composeDocumentRequestNotice(
  settings: Pick<MessageSettings, 'language'>,
  channel: PhoneChannel,
  to: string,
  m: { givenName: string; dueDate: string; token: string; publicUrl: string },
): OutgoingMessage {
  const language = noticeLanguage(settings.language, to);
  const values = {
    firstName: firstWord(m.givenName),
    officeName: BRAND_NAME[language],
    dueDate: m.dueDate,
    link: documentsLink(m.publicUrl, language, m.token),
  };
  return smsOrTemplate(channel, {
    to,
    language,
    sms: documentRequestSms(language, values),
    template: DOCUMENT_REQUEST_WHATSAPP,
    parameters: DOCUMENT_REQUEST_WHATSAPP.parameters.map((p) => (p === 'dueDate' ? formatDate(values.dueDate, language) : values[p])),
  });
}

/** The text (SMS) or the approved template and its parameters (WhatsApp) reminding of a letter's deadline (ADR 0080). */
export function composeReminderNotice(
  settings: Pick<MessageSettings, 'language'>,
  channel: PhoneChannel,
  to: string,
  m: { givenName: string; task: ReminderTask; deadline: string; officePhone: string },
): OutgoingMessage {
  const language = noticeLanguage(settings.language, to);
  const values = {
    firstName: firstWord(m.givenName),
    task: m.task,
    deadline: m.deadline,
    officeName: BRAND_NAME[language],
    officePhone: m.officePhone,
  };
  return smsOrTemplate(channel, {
    to,
    language,
    sms: reminderSms(language, values),
    template: REMINDER_WHATSAPP,
    parameters: reminderWhatsAppParameters(language, values),
  });
}

/** The text (SMS) or the approved template and its parameters (WhatsApp) carrying a payment link (ADR 0091). */
export function composePayLinkNotice(
  settings: Pick<MessageSettings, 'language'>,
  channel: PhoneChannel,
  to: string,
  m: { givenName: string; token: string; publicUrl: string },
): OutgoingMessage {
  const language = noticeLanguage(settings.language, to);
  const values = { firstName: firstWord(m.givenName), officeName: BRAND_NAME[language], link: payLink(m.publicUrl, language, m.token) };
  return smsOrTemplate(channel, {
    to,
    language,
    sms: payLinkSms(language, values),
    template: PAY_LINK_WHATSAPP,
    parameters: PAY_LINK_WHATSAPP.parameters.map((p) => values[p]),
  });
}

/** The text (SMS) or the approved template and its parameters (WhatsApp) carrying a payment's receipt (ADR 0093). */
export function composeReceiptNotice(
  settings: Pick<MessageSettings, 'language'>,
  channel: PhoneChannel,
  to: string,
  m: { givenName: string; number: string; amountMinor: number; issuedOn: string; verifyCode: string; publicUrl: string },
): OutgoingMessage {
  const language = noticeLanguage(settings.language, to);
  const values = {
    firstName: firstWord(m.givenName),
    officeName: BRAND_NAME[language],
    number: m.number,
    amountMinor: m.amountMinor,
    issuedOn: m.issuedOn,
    link: receiptLink(m.publicUrl, language, m.verifyCode),
  };
  return smsOrTemplate(channel, {
    to,
    language,
    sms: receiptSms(language, values),
    template: RECEIPT_WHATSAPP,
    parameters: receiptWhatsAppParameters(language, values),
  });
}
