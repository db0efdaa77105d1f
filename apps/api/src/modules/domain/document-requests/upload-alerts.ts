import { UPLOAD_ALERT_SUBJECT, uploadAlertEmailLines } from '@visa/shared/email-texts';
import type { User } from '@visa/shared/users';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connection.js';
import { type EmailContent, htmlParagraphs, oneLine } from '../../../lib/email-html.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { queueStaffEmail } from '../applicant-notices/outbox-repository.js';
import { findStaffAccountById, listStaffAccounts, listSuperadmins } from '../staff-accounts/repository.js';
import * as repo from './repository.js';

/**
 * Telling staff that an applicant sent files by link (ADR 0069). Not an applicant notice: the
 * email goes to staff, through the same outbox, queued in the transaction that records the file,
 * so it exists exactly when the file does and is sent once whichever worker claims it.
 */

/** Staff are told of one application's uploads at most this often. */
const UPLOAD_ALERT_GAP_MS = 60 * 60_000;

/** The staff page of an application, loaded by id (the web app's /updateApplicationView/:id). */
const staffPageOf = (publicUrl: string, applicationId: string) => `${publicUrl}/updateApplicationView/${applicationId}`;

/** The application's reference and the staff page's address, nothing of the applicant: the email may sit in any mailbox. */
function renderUploadAlertEmail(staff: { name: string }, applicationId: string, publicUrl: string): EmailContent {
  const link = staffPageOf(publicUrl, applicationId);
  const lines = uploadAlertEmailLines(oneLine(staff.name), applicationId, link);
  return { subject: UPLOAD_ALERT_SUBJECT, text: `${lines.join('\n\n')}\n`, html: htmlParagraphs(lines) };
}

/**
 * Who is told, as the office chose: the member of staff who sent the request (when that account
 * was removed since, the super-admins, so the files are not left unnoticed), or every staff account.
 * Only accounts that exist now: a removed one has no row left to write to.
 */
async function recipients(trx: Db, sender: string | null): Promise<User[]> {
  const { uploadAlerts } = await getSetting(trx, 'documentRequests');
  if (uploadAlerts === 'everyone') return listStaffAccounts(trx);
  const account = sender ? await findStaffAccountById(trx, sender) : undefined;
  return account ? [account] : listSuperadmins(trx);
}

/**
 * Queues the alert of a file just received for an application, unless staff were told of this
 * application within the hour; answers whether anything was queued (the caller then kicks the
 * outbox once its transaction has committed).
 */
export async function alertStaffOfUpload(
  trx: Db,
  ctx: Pick<AppContext, 'config'>,
  request: { application_id: string; created_by: string | null },
  now: Date,
): Promise<boolean> {
  const lastAllowed = new Date(now.getTime() - UPLOAD_ALERT_GAP_MS).toISOString();
  if (!(await repo.takeUploadAlertTurn(trx, request.application_id, now.toISOString(), lastAllowed))) return false;
  const staff = await recipients(trx, request.created_by);
  for (const member of staff) {
    await queueStaffEmail(trx, { to: member.email, ...renderUploadAlertEmail(member, request.application_id, ctx.config.publicUrl) }, now);
  }
  return staff.length > 0;
}
