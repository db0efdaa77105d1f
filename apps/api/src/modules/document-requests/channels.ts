import type { ApplicationStatus } from '@visa/shared/constants';
import type { NotifyChannel } from '@visa/shared/text-messages';
import type { Db } from '../../db/connection.js';
import { scheduleLinkMessages } from '../messages/links.js';
import type { Providers } from '../../infra/text-providers/providers.js';
import { getConsent } from '../messages/repository.js';
import { enqueueEmail } from '../notifications/repository.js';
import { htmlParagraphs, oneLine } from '../notifications/templates.js';

/** A message to an applicant in both languages, line by line. */
export interface ApplicantMessage {
  subject: string;
  en: string[];
  bn: string[];
  /** What opens the link: the lines name it only by the outbox's placeholder (ADR 0040). */
  secret?: string;
}

export interface ApplicantAddress {
  applicationId: string;
  email: string;
}

/**
 * The one way a document request's notices reach the applicant by email: only when they agreed to
 * email (ADR 0044) and have an address, through the outbox, inside the caller's transaction, so a
 * message exists exactly when the change it reports does. The caller kicks the outbox once its
 * transaction has committed. Answers whether an email was queued.
 */
export async function emailIfAgreed(db: Db, to: ApplicantAddress, message: ApplicantMessage, now: Date): Promise<boolean> {
  if (!to.email || !(await getConsent(db, to.applicationId)).includes('email')) return false;
  const en = message.en.map(oneLine);
  const bn = message.bn.map(oneLine);
  await enqueueEmail(
    db,
    {
      applicationId: to.applicationId,
      to: to.email,
      subject: message.subject,
      text: `${en.join('\n\n')}\n\n----------------------------------------\n\n${bn.join('\n\n')}\n`,
      html: htmlParagraphs([...en, '', ...bn]),
      ...(message.secret ? { secret: message.secret } : {}),
    },
    now,
  );
  return true;
}

/**
 * The request's link on every channel the applicant agreed to (ADR 0055): by email when they
 * agreed to email and have an address, and by SMS and WhatsApp where the office has the channel
 * on. Every copy holds the token only in the outbox's secret column until it is sent. Returns the
 * channels it went on; none means the applicant cannot be reached and the caller refuses.
 */
export async function sendLinkToApplicant(
  db: Db,
  deps: { providers: Providers; now: Date },
  to: ApplicantAddress & { status: ApplicationStatus },
  message: ApplicantMessage & { secret: string },
  dueDate: string,
): Promise<NotifyChannel[]> {
  const channels: NotifyChannel[] = [];
  if (await emailIfAgreed(db, to, message, deps.now)) channels.push('email');
  const texts = await scheduleLinkMessages(db, deps, {
    applicationId: to.applicationId,
    status: to.status,
    token: message.secret,
    dueDate,
  });
  return [...channels, ...texts];
}
