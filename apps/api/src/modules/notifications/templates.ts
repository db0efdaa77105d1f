import { type ApplicationStatus, BRAND_NAME, type DocumentLabel } from '@visa/shared/constants';
import {
  APPLICANT_EMAIL,
  applicantEmailSubject,
  documentsEmailParagraphs,
  passwordResetEmailLines,
  statusEmailParagraphs,
} from '@visa/shared/email-texts';
import { statusCheckUrl } from '../applicant-file/verification.js';

/**
 * Assembles emails from the shared texts: plain text, HTML and the escaping between them.
 * Applicant emails hold only what the applicant copy shows; never passport numbers or dates of
 * birth, because email travels through servers we do not control.
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

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Names come from staff input: strip line breaks so they can never inject headers or fake paragraphs. */
export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

const HTML_OPEN = ['<!doctype html>', '<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">'];
const HTML_CLOSE = '</body></html>';

/** A one-language email: each line a paragraph. */
export const htmlParagraphs = (lines: readonly string[], render = (line: string) => `<p>${escapeHtml(line)}</p>`) =>
  [...HTML_OPEN, ...lines.map(render), HTML_CLOSE].join('\n');

export function renderEmail(recipient: Recipient, event: EmailEvent, publicUrl: string): EmailContent {
  const ref = recipient.reference;
  const name = oneLine(`${recipient.givenN} ${recipient.surname}`);
  const checkUrl = statusCheckUrl(publicUrl);
  const p = event.kind === 'documents' ? documentsEmailParagraphs(ref, event.labels) : statusEmailParagraphs(ref, event.status, event.date);

  const en = [APPLICANT_EMAIL.greeting.en(name), ...p.en, APPLICANT_EMAIL.checkStatus.en(checkUrl), BRAND_NAME.en];
  const bn = [APPLICANT_EMAIL.greeting.bn(name), ...p.bn, APPLICANT_EMAIL.checkStatus.bn(checkUrl), BRAND_NAME.bn];

  const subject = applicantEmailSubject(p);
  const text = `${en.join('\n\n')}\n\n----------------------------------------\n\n${bn.join('\n\n')}\n`;
  const html = [
    ...HTML_OPEN,
    `<div lang="en">${en.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>`,
    '<hr>',
    `<div lang="bn">${bn.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>`,
    HTML_CLOSE,
  ].join('\n');
  return { subject, text, html };
}

/**
 * To a member of staff who asked for a new password (English: the staff area is English only).
 * The link's token sits after `#`, so it never reaches a server log, a proxy or a Referer header.
 */
export function renderPasswordResetEmail(staff: { name: string }, link: string, minutes: number, subject: string): EmailContent {
  const lines = passwordResetEmailLines(oneLine(staff.name), link, minutes);
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: htmlParagraphs(lines, (line) =>
      line === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(line)}</p>`,
    ),
  };
}
