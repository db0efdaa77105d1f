import type { ApplicationStatus } from '@visa/shared/constants';
import type { Db } from '../../db/connection.js';
import { claimDueRows, inClaimOrder } from '../../db/outbox-claims.js';
import type { OutboxRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { isConsentWithdrawn } from '../privacy/repository.js';

export type { OutboxRow };

export interface NewEmail {
  applicationId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /**
   * What opens something (a forgot-password token): the bodies name it only by
   * OUTBOX_SECRET_PLACEHOLDER. It is put back in at send time and wiped once the message is sent
   * or given up, so what the outbox keeps afterwards, and every backup of it, opens nothing.
   */
  secret?: string;
  /** A status email the office lets settle (ADR 0054): due later, and the status before the changes it reports. */
  settling?: { fromStatus: ApplicationStatus; dueAt: Date };
}

/** Stands in a stored body for the message's secret (ADR 0040). Stored rows use it: it never changes. */
export const OUTBOX_SECRET_PLACEHOLDER = '{{secret}}';

/** The bodies as they are sent: with the secret back in place of the placeholder. */
export const withSecret = (body: string, secret: string | null) =>
  secret === null ? body : body.replaceAll(OUTBOX_SECRET_PLACEHOLDER, secret);

/**
 * Queues a message. Called inside the staff action's transaction, so the email exists exactly
 * when the change it reports exists; sending happens later, outside any request.
 */
export async function enqueueEmail(db: Db, email: NewEmail, now = new Date()): Promise<string | null> {
  // An applicant who withdrew consent is sent nothing more (ADR 0053).
  if (email.applicationId !== null && (await isConsentWithdrawn(db, email.applicationId))) return null;
  const id = newId(now.getTime());
  await db
    .insertInto('email_outbox')
    .values({
      id,
      application_id: email.applicationId,
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      status: 'queued',
      attempts: 0,
      next_attempt_at: (email.settling?.dueAt ?? now).toISOString(),
      last_error: null,
      sent_at: null,
      created_at: now.toISOString(),
      secret: email.secret ?? null,
      from_status: email.settling?.fromStatus ?? null,
    })
    .execute();
  return id;
}

/**
 * Takes back the settling status email still waiting for an application, if any, and returns the
 * status it reported a change from. A row a worker has already claimed is being sent and stays.
 */
export async function takeWaitingStatusEmail(db: Db, applicationId: string): Promise<ApplicationStatus | null> {
  const row = await db
    .selectFrom('email_outbox')
    .select(['id', 'from_status'])
    .where('application_id', '=', applicationId)
    .where('status', '=', 'queued')
    .where('from_status', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!row?.from_status) return null;
  const gone = await db.deleteFrom('email_outbox').where('id', '=', row.id).where('status', '=', 'queued').executeTakeFirst();
  return Number(gone.numDeletedRows) === 1 ? row.from_status : null;
}

/**
 * Claims up to `limit` due emails for this worker. A claim is a conditional UPDATE on the row's
 * current status and due time, so when several processes poll the same table each message is
 * claimed by exactly one of them. A claim is a lease: a process that dies mid-send leaves the row
 * in 'sending' with a due time in the future, and once that passes another worker takes it over.
 */
export async function claimDueEmails(
  db: Db,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<{ claimed: OutboxRow[]; /** Fewer than `limit` were due: no need to ask again now. */ exhausted: boolean }> {
  const { ids, exhausted } = await claimDueRows(db, 'email_outbox', now, limit, leaseMs);
  if (ids.length === 0) return { claimed: [], exhausted };
  const rows = await db.selectFrom('email_outbox').selectAll().where('id', 'in', ids).execute();
  return { claimed: inClaimOrder(ids, rows), exhausted };
}

export async function markEmailSent(db: Db, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: now.toISOString(), last_error: null, secret: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Back in the queue for another try at `nextAttemptAt`. */
export async function markEmailRetry(db: Db, id: string, error: string, nextAttemptAt: Date): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'queued', last_error: error, next_attempt_at: nextAttemptAt.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Given up: staff see it as failed on the applicant view. Its secret goes: nobody will receive it. */
export async function markEmailFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'failed', last_error: error, secret: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** What staff see about one message: never the body, which they can reconstruct from the history. */
export interface EmailDelivery {
  _id: string;
  to: string;
  subject: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
  createdAt: string;
}

export async function listEmailsFor(db: Db, applicationId: string): Promise<EmailDelivery[]> {
  const rows = await db
    .selectFrom('email_outbox')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    to: r.to_address,
    subject: r.subject,
    status: r.status,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    nextAttemptAt: r.status === 'queued' ? r.next_attempt_at : null,
    sentAt: r.sent_at,
    createdAt: r.created_at,
  }));
}

export async function findEmail(db: Db, id: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes delivered (or given-up) messages created before the given time; queued and sending ones stay whatever their age. */
export async function deleteFinishedEmailsBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('email_outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Reads the outbox table: the store every queued message goes through (the readiness check). */
export async function probeOutbox(db: Db): Promise<void> {
  await db.selectFrom('email_outbox').select('id').limit(1).execute();
}

/** The outbox's backlog (queued or being sent) and the messages given up on, for the System page. */
export async function countOutbox(db: Db): Promise<{ backlog: number; failed: number }> {
  const rows = await db
    .selectFrom('email_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const of = (...statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return { backlog: of('queued', 'sending'), failed: of('failed') };
}

/** An anonymised application's emails, sent or waiting, go with their addresses and bodies (ADR 0052). */
export async function forgetEmailsOf(db: Db, applicationId: string): Promise<void> {
  await db.deleteFrom('email_outbox').where('application_id', '=', applicationId).execute();
}
