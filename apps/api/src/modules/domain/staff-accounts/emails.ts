import {
  SECOND_FACTOR_EMAIL_SUBJECTS,
  passwordResetEmailLines,
  SIGN_IN_ALERT_SUBJECT,
  STATUS_CHECK_ALERT_SUBJECT,
  type SecondFactorChange,
  secondFactorEmailLines,
  signInAlertEmailLines,
  statusCheckAlertEmailLines,
} from '@visa/shared/email-texts';
import { LIMITS } from '@visa/shared/limits';
import { type EmailContent, escapeHtml, htmlParagraphs, oneLine } from '../../../lib/email-html.js';

/**
 * Emails to members of staff (English: the staff area is English only), queued through the outbox
 * with queueStaffEmail. The alerts about their own account's safety say what happened and what to
 * do, never an address, a password or a link to sign in with, so a copy in the wrong hands gives
 * nothing away and cannot be imitated into a phishing link.
 */

/** Sent once per window when failed sign-ins to one account, from all addresses together, pass the ceiling (ADR 0017). */
export function renderSignInAlertEmail(staff: { name: string; email: string }, attempts: number, windowMinutes: number): EmailContent {
  const lines = signInAlertEmailLines(oneLine(staff.name), oneLine(staff.email), attempts, windowMinutes);
  return { subject: SIGN_IN_ALERT_SUBJECT, text: `${lines.join('\n\n')}\n`, html: htmlParagraphs(lines) };
}

/** Sent whenever the account's two-step sign-in is turned on or off, moves to a new app, gets new recovery codes, or locks its codes (ADR 0039). */
export function renderSecondFactorEmail(
  staff: { name: string },
  change: SecondFactorChange,
  wrongCodes = LIMITS.secondFactorLock.wrongCodesInARow,
): EmailContent {
  const lines = secondFactorEmailLines(oneLine(staff.name), change, wrongCodes);
  return { subject: SECOND_FACTOR_EMAIL_SUBJECTS[change], text: `${lines.join('\n\n')}\n`, html: htmlParagraphs(lines) };
}

/** Sent once per window to each super-admin when lookups of one passport, from all addresses together, pass the limit (ADR 0038). */
export function renderStatusCheckAlertEmail(staff: { name: string }, lookups: number, windowMinutes: number): EmailContent {
  const lines = statusCheckAlertEmailLines(oneLine(staff.name), lookups, windowMinutes);
  return { subject: STATUS_CHECK_ALERT_SUBJECT, text: `${lines.join('\n\n')}\n`, html: htmlParagraphs(lines) };
}

/**
 * To a member of staff who asked for a new password. The link's token sits after `#`, so it never
 * reaches a server log, a proxy or a Referer header.
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
