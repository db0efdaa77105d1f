import type { Db } from '../../db/connection.js';
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
 * The one way a document request reaches the applicant. Email through the outbox today, inside
 * the caller's transaction, so a message exists exactly when the change it reports does; other
 * channels the applicant agreed to are added here, and every caller gets them. The caller kicks
 * the outbox once its transaction has committed.
 */
export async function sendToApplicant(db: Db, to: ApplicantAddress, message: ApplicantMessage, now: Date): Promise<void> {
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
}
