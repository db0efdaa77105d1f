import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction } from '@visa/shared/audit-actions';
import type { Db } from '../../../db/connection.js';
import type { Mailer } from '../../../infra/mail-transport.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { noticesWithheld } from './may-contact.js';
import { type OutboxRow, finish, withSecret } from './outbox-repository.js';
import { dropClaimedEmail } from './outbox-status-repository.js';
import { findReminderLetter } from './reminders-repository.js';
import type { Outcome, RetryPolicy } from './retry.js';

/**
 * Sends one claimed email (ADR 0009): its words were written when it was queued, and its secret, if
 * any, goes back in only now. An email about an applicant who may no longer be contacted is
 * dropped instead (decide.ts). Its final outcome goes into the history of the application it was
 * about, if any.
 */

export interface EmailDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** SMTP replies can be long; the stored reason is for staff, so keep the first line, shortened. */
const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);

export async function sendEmail(deps: EmailDeps, row: OutboxRow, now: Date, retry: RetryPolicy): Promise<Outcome> {
  const { db, mailer, log } = deps;
  const audit = async (action: AuditAction, details: Record<string, unknown>) => {
    if (!row.application_id) return;
    await recordAudit(db, {
      actorUserId: null,
      action,
      entity: AUDIT_ENTITIES.application,
      entityId: row.application_id,
      details: { emailId: row.id, subject: row.subject, ...details },
    });
  };
  // Decided again at send time (ADR 0064): an applicant erased or withdrawn since it was queued is not written to.
  const why = row.application_id ? await noticesWithheld(db, row.application_id) : null;
  if (why) {
    await dropClaimedEmail(db, row.id);
    // An erased record's history takes nothing new that could name what was written to them.
    if (why === 'consent withdrawn') await audit(AUDIT_ACTIONS.email.failed, { error: 'not sent: consent withdrawn' });
    return 'skipped';
  }
  // A reminder whose letter was done since it was queued says nothing true any more (ADR 0080).
  const reminder = row.reminder_id ? await findReminderLetter(db, row.reminder_id) : null;
  if (row.reminder_id && (!reminder || reminder.done_on !== null)) {
    await finish(db, row.id, { status: 'skipped', error: 'letter done' });
    return 'skipped';
  }
  try {
    await mailer.send({
      id: row.id,
      to: row.recipient ?? '',
      subject: row.subject ?? '',
      text: withSecret(row.text_body ?? '', row.secret),
      html: row.html_body === null ? null : withSecret(row.html_body, row.secret),
    });
  } catch (err) {
    const reason = describe(err);
    if (row.attempts >= retry.maxAttempts) {
      await finish(db, row.id, { status: 'failed', error: reason });
      await audit(AUDIT_ACTIONS.email.failed, { attempts: row.attempts, error: reason });
      log.error({ emailId: row.id, attempts: row.attempts, reason }, 'email delivery failed for good');
      return 'failed';
    }
    const next = new Date(now.getTime() + retry.backoff(row.attempts));
    await finish(db, row.id, { status: 'queued', error: reason, nextAttemptAt: next, attemptCounts: true });
    log.warn({ emailId: row.id, attempts: row.attempts, reason, retryAt: next.toISOString() }, 'email delivery failed; will retry');
    return 'retried';
  }
  await finish(db, row.id, { status: 'sent', at: now });
  await audit(AUDIT_ACTIONS.email.sent, { via: mailer.kind });
  return 'sent';
}
