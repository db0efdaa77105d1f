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
import { oneLine } from '../../../lib/email-html.js';
import { PAY_LINK_WHATSAPP, payLinkSms } from '@visa/shared/pay-link-notices';
import { documentsLink, payLink, statusCheckUrl } from '../../../lib/public-links.js';
import type { OutgoingMessage } from '../../../infra/text-providers/call.js';

/**
 * Text messages (SMS, WhatsApp), written when they are sent (ADR 0044, ADR 0055): the office's
 * templates for a status, the fixed texts for a document-request link, in the language the number
 * calls for.
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
  if (channel === 'sms') return { to, text: documentRequestSms(language, values) };
  return {
    to,
    text: '',
    template: {
      name: DOCUMENT_REQUEST_WHATSAPP.name,
      language: DOCUMENT_REQUEST_WHATSAPP.language[language],
      parameters: DOCUMENT_REQUEST_WHATSAPP.parameters.map((p) => (p === 'dueDate' ? formatDate(values.dueDate, language) : values[p])),
    },
  };
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
  if (channel === 'sms') return { to, text: reminderSms(language, values) };
  return {
    to,
    text: '',
    template: {
      name: REMINDER_WHATSAPP.name,
      language: REMINDER_WHATSAPP.language[language],
      parameters: reminderWhatsAppParameters(language, values),
    },
  };
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
  if (channel === 'sms') return { to, text: payLinkSms(language, values) };
  return {
    to,
    text: '',
    template: {
      name: PAY_LINK_WHATSAPP.name,
      language: PAY_LINK_WHATSAPP.language[language],
      parameters: PAY_LINK_WHATSAPP.parameters.map((p) => values[p]),
    },
  };
}
