import type { ApplicationStatus } from '@visa/shared/constants';
import type { PhoneChannel } from '@visa/shared/notices';
import type { Db } from '../../../db/connection.js';
import type { OutboxRow } from '../../../db/schema-notices.js';
import { newId } from '../../../lib/ids.js';

/**
 * The one outbox (ADR 0060, ADR 0009): every email and text message waits here, in the transaction
 * of the change it reports, until the worker (worker.ts) claims and sends it. This file is its
 * write path: queueing, claiming, and ending a claim.
 */

export type { OutboxRow };

/** Stands in a stored body for the message's secret (ADR 0040). Stored rows use it: it never changes. */
export const OUTBOX_SECRET_PLACEHOLDER = '{{secret}}';

/** The bodies as they are sent: with the secret back in place of the placeholder. */
export const withSecret = (body: string, secret: string | null) =>
  secret === null ? body : body.replaceAll(OUTBOX_SECRET_PLACEHOLDER, secret);

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /**
   * What opens something (a forgot-password token, a document-request link): the bodies name it
   * only by OUTBOX_SECRET_PLACEHOLDER. It is put back in at send time and wiped once the message is
   * sent or given up, so what the outbox keeps afterwards, and every backup of it, opens nothing.
   */
  secret?: string;
  /** The reminder it carries (ADR 0080): its letter is asked after again when it is sent. */
  reminderId?: string;
  /** The receipt it carries (ADR 0093), by number: a reversal of its payment withdraws it while it waits (ADR 0105). */
  receiptNumber?: string;
}

/** The columns a text message leaves empty until it is sent, and an email's that a text message never has. */
const EMPTY = {
  kind: null,
  recipient: null,
  subject: null,
  text_body: null,
  html_body: null,
  secret: null,
  from_status: null,
  due_date: null,
  last_error: null,
  sent_at: null,
  sent_status: null,
  provider_id: null,
  provider_status: null,
  reminder_id: null,
  receipt_number: null,
  amount_minor: null,
  issued_on: null,
} as const;

/** An email to the applicant, queued by notify.ts; `settling` holds a status email back (ADR 0054). */
export async function queueApplicantEmail(
  db: Db,
  applicationId: string,
  email: NewEmail,
  now: Date,
  settling?: { fromStatus: ApplicationStatus; dueAt: Date },
): Promise<void> {
  await insertEmail(db, applicationId, email, now, settling);
}

/**
 * An email to a member of staff (a password reset, a sign-in alert, a change to the second step):
 * not an applicant notice, but it waits, is sent and retried like one. Called inside the staff
 * action's transaction, so the email exists exactly when the change it reports exists.
 */
export async function queueStaffEmail(db: Db, email: NewEmail, now = new Date()): Promise<string> {
  return insertEmail(db, null, email, now);
}

async function insertEmail(
  db: Db,
  applicationId: string | null,
  email: NewEmail,
  now: Date,
  settling?: { fromStatus: ApplicationStatus; dueAt: Date },
): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('outbox')
    .values({
      ...EMPTY,
      id,
      channel: 'email',
      application_id: applicationId,
      recipient: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      secret: email.secret ?? null,
      reminder_id: email.reminderId ?? null,
      receipt_number: email.receiptNumber ?? null,
      from_status: settling?.fromStatus ?? null,
      status: 'queued',
      attempts: 0,
      next_attempt_at: (settling?.dueAt ?? now).toISOString(),
      created_at: now.toISOString(),
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
    .selectFrom('outbox')
    .select(['id', 'from_status'])
    .where('application_id', '=', applicationId)
    .where('channel', '=', 'email')
    .where('status', '=', 'queued')
    .where('from_status', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!row?.from_status) return null;
  const gone = await db.deleteFrom('outbox').where('id', '=', row.id).where('status', '=', 'queued').executeTakeFirst();
  return Number(gone.numDeletedRows) === 1 ? row.from_status : null;
}

interface NewText {
  applicationId: string;
  channel: PhoneChannel;
  fromStatus: ApplicationStatus;
  dueAt: Date;
  now: Date;
}

/**
 * A status change's text message on one channel, due at `dueAt`. One still waiting for the same
 * application and channel is moved to the new due time instead, keeping the status from before
 * the first change, so a burst of changes sends at most one message, once it has settled.
 */
export async function queueStatusText(db: Db, m: NewText): Promise<void> {
  const moved = await db
    .updateTable('outbox')
    .set({ next_attempt_at: m.dueAt.toISOString(), attempts: 0, last_error: null })
    .where('application_id', '=', m.applicationId)
    .where('channel', '=', m.channel)
    .where('status', '=', 'queued')
    .where('kind', '=', 'status')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) > 0) return;
  await insertText(db, m, { kind: 'status', secret: null, due_date: null });
}

/**
 * A document request's link on one channel (ADR 0055). The token waits in its own column, never
 * in a body, and goes with the same UPDATE that ends the message (finish). `fromStatus` is the
 * application's status, kept only because every text message has one.
 */
export async function queueLinkText(db: Db, m: NewText & { secret: string; dueDate: string }): Promise<void> {
  await insertText(db, m, { kind: 'documents', secret: m.secret, due_date: m.dueDate });
}

/**
 * A reminder on one channel (ADR 0080): it names the reminder, and its words are written when it is
 * sent, from the letter as it is then, so a letter done meanwhile sends nothing.
 */
export async function queueReminderText(db: Db, m: NewText & { reminderId: string }): Promise<void> {
  await insertText(db, m, { kind: 'reminder', secret: null, due_date: null, reminder_id: m.reminderId });
}

/** A payment link on one channel (ADR 0091): its token waits in the secret column, as a document request's does. */
export async function queuePayLinkText(db: Db, m: NewText & { secret: string }): Promise<void> {
  await insertText(db, m, { kind: 'pay', secret: m.secret, due_date: null });
}

/**
 * A payment's receipt on one channel (ADR 0093): it carries what its text names (number, amount,
 * date of issue) and nothing else of the applicant's; the check code waits in the secret column,
 * as a link's token does, and goes with the message.
 */
export async function queueReceiptText(
  db: Db,
  m: NewText & { number: string; amountMinor: number; issuedOn: string; verifyCode: string },
): Promise<void> {
  await insertText(db, m, {
    kind: 'receipt',
    secret: m.verifyCode,
    due_date: null,
    receipt_number: m.number,
    amount_minor: m.amountMinor,
    issued_on: m.issuedOn,
  });
}

type TextKind =
  | { kind: 'status'; secret: null; due_date: null }
  | { kind: 'pay'; secret: string; due_date: null }
  | { kind: 'documents'; secret: string; due_date: string }
  | { kind: 'reminder'; secret: null; due_date: null; reminder_id: string }
  | { kind: 'receipt'; secret: string; due_date: null; receipt_number: string; amount_minor: number; issued_on: string };

async function insertText(db: Db, m: NewText, kind: TextKind): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      ...EMPTY,
      id: newId(m.now.getTime()),
      channel: m.channel,
      application_id: m.applicationId,
      from_status: m.fromStatus,
      status: 'queued',
      attempts: 0,
      next_attempt_at: m.dueAt.toISOString(),
      created_at: m.now.toISOString(),
      ...kind,
    })
    .execute();
}

/** Links still waiting for an application are dropped, token and all: a new request replaced them or staff revoked it. */
export async function dropWaitingLinks(
  db: Db,
  applicationId: string,
  reason: string,
  kind: 'documents' | 'pay' = 'documents',
): Promise<number> {
  return dropWaiting(db, applicationId, reason, 'kind', kind);
}

/** A receipt still waiting, on any channel, is withdrawn with its check code: its payment was reversed. */
export async function dropWaitingReceipts(db: Db, applicationId: string, receiptNumber: string, reason: string): Promise<number> {
  return dropWaiting(db, applicationId, reason, 'receipt_number', receiptNumber);
}

/** The application's messages still queued whose `column` holds `value` go nowhere, with whatever secret they waited with. */
async function dropWaiting(
  db: Db,
  applicationId: string,
  reason: string,
  column: 'kind' | 'receipt_number',
  value: string,
): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'skipped', last_error: reason, secret: null })
    .where('application_id', '=', applicationId)
    .where(column, '=', value)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Claims up to `limit` due messages of any channel: queued ones whose time has come, and sending
 * ones whose claim has lapsed (a worker that stopped mid-way). Each is taken by one conditional
 * update on the status and time it was read with, so of several workers and instances exactly one
 * wins each row; the winner holds it for `leaseMs` and counts the attempt. Answers the rows won, in
 * the order they fell due, and whether fewer than `limit` were due (no need to ask again now).
 */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<{ claimed: OutboxRow[]; exhausted: boolean }> {
  const due = await db
    .selectFrom('outbox')
    .select(['id', 'status', 'next_attempt_at'])
    .where('status', 'in', ['queued', 'sending'])
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const ids: string[] = [];
  for (const candidate of due) {
    const result = await db
      .updateTable('outbox')
      .set((eb) => ({ status: 'sending', next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', candidate.id)
      .where('status', '=', candidate.status)
      .where('next_attempt_at', '=', candidate.next_attempt_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) ids.push(candidate.id);
  }
  const exhausted = due.length < limit;
  if (ids.length === 0) return { claimed: [], exhausted };
  const rows = await db.selectFrom('outbox').selectAll().where('id', 'in', ids).execute();
  // In the order they were won, with attempts as a number (a driver may give a string).
  const byId = new Map(rows.map((row) => [row.id, { ...row, attempts: Number(row.attempts) }]));
  return { claimed: ids.flatMap((id) => byId.get(id) ?? []), exhausted };
}

export type Finish =
  | {
      status: 'sent';
      at: Date;
      text?: { toNumber: string; sentStatus: ApplicationStatus; providerId: string | null; providerStatus: string };
    }
  | { status: 'failed' | 'skipped' | 'limited'; error: string }
  /** Back in the queue: a retry counts as an attempt, waiting out quiet hours does not. */
  | { status: 'queued'; error: string | null; nextAttemptAt: Date; attemptCounts: boolean };

/** Ends this process's claim on a message; a claim another process has taken over changes nothing. */
export async function finish(db: Db, id: string, end: Finish): Promise<void> {
  let q = db.updateTable('outbox').where('id', '=', id).where('status', '=', 'sending');
  if (end.status === 'sent') {
    q = q.set({
      status: 'sent',
      sent_at: end.at.toISOString(),
      last_error: null,
      secret: null,
      ...(end.text
        ? {
            recipient: end.text.toNumber,
            sent_status: end.text.sentStatus,
            provider_id: end.text.providerId,
            provider_status: end.text.providerStatus,
          }
        : {}),
    });
  } else if (end.status === 'queued') {
    q = q.set((eb) => ({
      status: 'queued',
      last_error: end.error,
      next_attempt_at: end.nextAttemptAt.toISOString(),
      attempts: end.attemptCounts ? eb('attempts', '+', 0) : eb('attempts', '-', 1),
    }));
  } else {
    // Nobody will receive it: its secret goes with it.
    q = q.set({ status: end.status, last_error: end.error, secret: null });
  }
  await q.execute();
}

/**
 * A channel's service is back (one of its sends just succeeded): its messages waiting out a retry
 * are due now instead of at their own back-off. Only queued rows move, never one a worker holds,
 * and the claim is conditional on the time it read, so no message is sent twice for it.
 */
export async function pullRetriesForward(db: Db, channel: OutboxRow['channel'], now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable('outbox')
    .set({ next_attempt_at: at })
    .where('status', '=', 'queued')
    .where('channel', '=', channel)
    .where('last_error', 'is not', null)
    .where('next_attempt_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * After the wall clock went back, times written before the jump lie further ahead than they were
 * meant to: a retry due in 45 s would wait an hour more, and so would a lapsed claim of a worker
 * that stopped. Neither can be further ahead than its own limit (the back-off cap, the lease), so
 * anything beyond is brought back to it. Times that may lie far ahead on purpose (settling, quiet
 * hours) have no error recorded and are left alone; a claim brought back to a full lease from now
 * is still held, never taken over.
 */
export async function clampFutureTimes(db: Db, now: Date, limits: { retryMs: number; leaseMs: number }): Promise<void> {
  const retryLimit = new Date(now.getTime() + limits.retryMs).toISOString();
  const leaseLimit = new Date(now.getTime() + limits.leaseMs).toISOString();
  await db
    .updateTable('outbox')
    .set({ next_attempt_at: retryLimit })
    .where('status', '=', 'queued')
    .where('last_error', 'is not', null)
    .where('next_attempt_at', '>', retryLimit)
    .execute();
  await db
    .updateTable('outbox')
    .set({ next_attempt_at: leaseLimit })
    .where('status', '=', 'sending')
    .where('next_attempt_at', '>', leaseLimit)
    .execute();
}
