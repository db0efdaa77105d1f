import { firstNameOf } from '@visa/shared/applications';
import { formatDate } from '@visa/shared/dates';
import { type ApplicationStatus, BRAND_NAME, type DocumentLabel } from '@visa/shared/constants';
import { askAgainEmail, documentRequestEmail } from '@visa/shared/document-requests';
import { APPLICANT_EMAIL, applicantEmailSubject, documentsEmailParagraphs, statusEmailParagraphs } from '@visa/shared/email-texts';
import { receiptEmail } from '@visa/shared/receipt-words';
import { reminderEmail } from '@visa/shared/reminder-texts';
import type { ReminderTask } from '@visa/shared/reminder-texts';
import { type EmailContent, HTML_CLOSE, HTML_OPEN, escapeHtml, htmlParagraphs, oneLine } from '../../../lib/email-html.js';
import { payLinkEmail } from '@visa/shared/pay-link-notices';
import { documentsLink, payLink, receiptLink, statusCheckUrl } from '../../../lib/public-links.js';
import { OUTBOX_SECRET_PLACEHOLDER } from './outbox-repository.js';

/**
 * Applicant emails, in English and Bengali, from the shared texts. They hold only what the
 * applicant copy shows, never passport numbers or dates of birth, because email travels through
 * servers we do not control.
 */

export interface Recipient {
  /** The application id: the reference printed on the applicant copy. */
  reference: string;
  surname: string;
  givenN: string;
}

export type EmailEvent =
  { kind: 'status'; status: ApplicationStatus; date: string | null } | { kind: 'documents'; labels: DocumentLabel[] };

const inDiv = (language: 'en' | 'bn', lines: string[]) =>
  `<div lang="${language}">${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>`;

/** A status change's email, or the one about documents staff added to the file. */
export function renderEmail(recipient: Recipient, event: EmailEvent, publicUrl: string): EmailContent {
  const ref = recipient.reference;
  const name = oneLine(`${recipient.givenN} ${recipient.surname}`);
  const checkUrl = statusCheckUrl(publicUrl);
  const p = event.kind === 'documents' ? documentsEmailParagraphs(ref, event.labels) : statusEmailParagraphs(ref, event.status, event.date);

  const en = [APPLICANT_EMAIL.greeting.en(name), ...p.en, APPLICANT_EMAIL.checkStatus.en(checkUrl), BRAND_NAME.en];
  const bn = [APPLICANT_EMAIL.greeting.bn(name), ...p.bn, APPLICANT_EMAIL.checkStatus.bn(checkUrl), BRAND_NAME.bn];

  const subject = applicantEmailSubject(p);
  const text = `${en.join('\n\n')}\n\n----------------------------------------\n\n${bn.join('\n\n')}\n`;
  const html = [...HTML_OPEN, inDiv('en', en), '<hr>', inDiv('bn', bn), HTML_CLOSE].join('\n');
  return { subject, text, html };
}

/** A message given line by line in both languages, each line a paragraph. */
function bilingual(message: { subject: string; en: string[]; bn: string[] }): EmailContent {
  const en = message.en.map(oneLine);
  const bn = message.bn.map(oneLine);
  return {
    subject: message.subject,
    text: `${en.join('\n\n')}\n\n----------------------------------------\n\n${bn.join('\n\n')}\n`,
    html: htmlParagraphs([...en, '', ...bn]),
  };
}

/** A document request's link (ADR 0046): the token is only the outbox's placeholder until the email is sent. */
export function renderLinkEmail(
  givenName: string,
  link: { dueDate: string; items: { en: string; bn: string }[] },
  publicUrl: string,
): EmailContent {
  return bilingual(
    documentRequestEmail(
      firstNameOf(givenName),
      documentsLink(publicUrl, 'en', OUTBOX_SECRET_PLACEHOLDER),
      documentsLink(publicUrl, 'bn', OUTBOX_SECRET_PLACEHOLDER),
      link.dueDate,
      link.items,
    ),
  );
}

/** One item of a document request asked for again, with the office's reason. */
export function renderAskAgainEmail(givenName: string, again: { item: { en: string; bn: string }; reason: string }): EmailContent {
  return bilingual(askAgainEmail(firstNameOf(givenName), again.item, again.reason));
}

/** A reminder of what a letter asks the applicant to do by its deadline (ADR 0080). */
export function renderReminderEmail(givenName: string, reminder: { task: ReminderTask; deadline: string }): EmailContent {
  return bilingual(reminderEmail(firstNameOf(givenName), reminder.task, reminder.deadline));
}

/** A payment link (ADR 0091): the token is only the outbox's placeholder until the email is sent. */
export function renderPayLinkEmail(givenName: string, dueMinor: number, publicUrl: string): EmailContent {
  return bilingual(
    payLinkEmail(
      firstNameOf(givenName),
      payLink(publicUrl, 'en', OUTBOX_SECRET_PLACEHOLDER),
      payLink(publicUrl, 'bn', OUTBOX_SECRET_PLACEHOLDER),
      dueMinor,
    ),
  );
}

/** A payment's receipt (ADR 0088): what was paid, its number, and where anyone may check it. */
export function renderReceiptEmail(
  givenName: string,
  receipt: { number: string; amountMinor: number; issuedOn: string; verifyCode: string },
  publicUrl: string,
): EmailContent {
  return bilingual(
    receiptEmail(firstNameOf(givenName), {
      number: receipt.number,
      amountMinor: receipt.amountMinor,
      date: formatDate(receipt.issuedOn, 'en'),
      verifyUrl: { en: receiptLink(publicUrl, 'en', receipt.verifyCode), bn: receiptLink(publicUrl, 'bn', receipt.verifyCode) },
    }),
  );
}
