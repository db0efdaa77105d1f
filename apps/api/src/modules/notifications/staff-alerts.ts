import type { EmailContent } from './templates.js';

/**
 * Emails to members of staff about their own account's safety (English: the staff area is English
 * only). They say what happened and what to do, never an address, a password or a link to sign in
 * with, so a copy in the wrong hands gives nothing away and cannot be imitated into a phishing link.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Names come from staff input: strip line breaks so they can never inject headers or fake paragraphs. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export const SIGN_IN_ALERT_SUBJECT = 'Many failed sign-ins to your Canada Visa Desk account';

/** Sent once per window when failed sign-ins to one account, from all addresses together, pass the ceiling (ADR 0017). */
export function renderSignInAlertEmail(staff: { name: string; email: string }, attempts: number, windowMinutes: number): EmailContent {
  const lines = [
    `Dear ${oneLine(staff.name)},`,
    `In the last ${windowMinutes} minutes there were more than ${attempts} attempts to sign in to your Canada Visa Desk staff account (${oneLine(staff.email)}), from several places.`,
    'Your account is not locked: you can still sign in with your password. Sign-in answers for your account are slowed down for a while to hold back guessing.',
    'If these were not you, someone may be trying to guess your password. Make sure it is long and used nowhere else (you can change it on the Profile page), and tell the office.',
    'Canada Visa Desk',
  ];
  return {
    subject: SIGN_IN_ALERT_SUBJECT,
    text: `${lines.join('\n\n')}\n`,
    html: [
      '<!doctype html>',
      '<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">',
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      '</body></html>',
    ].join('\n'),
  };
}
