import type { ApplicationStatus } from '@visa/shared/constants';
import type { PhoneChannel } from '@visa/shared/notices';
import type { Db } from '../../../db/connection.js';
import type { OutboxRow } from './outbox-repository.js';

/**
 * What the one outbox tells about itself (ADR 0060): to the worker's limits, to delivery receipts,
 * to staff (an applicant's emails, the failed text messages, the System page), and what the
 * privacy rules take out of it.
 */

const TEXT_CHANNELS: PhoneChannel[] = ['sms', 'whatsapp'];
const SENT = ['sent', 'delivered'] as const;

/** The status the last text message sent on this channel reported, if any. */
export async function lastSentStatus(db: Db, applicationId: string, channel: PhoneChannel): Promise<ApplicationStatus | null> {
  const row = await db
    .selectFrom('outbox')
    .select('sent_status')
    .where('application_id', '=', applicationId)
    .where('channel', '=', channel)
    .where('kind', '=', 'status')
    .where('status', 'in', SENT)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.sent_status ?? null;
}

/** Text messages sent since `since` to one application (any channel) or to one number: what the daily limits count. */
export async function countSentSince(db: Db, to: { applicationId: string } | { toNumber: string }, since: Date): Promise<number> {
  let q = db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('channel', 'in', TEXT_CHANNELS)
    .where('status', 'in', SENT)
    .where('sent_at', '>=', since.toISOString());
  q = 'applicationId' in to ? q.where('application_id', '=', to.applicationId) : q.where('recipient', '=', to.toNumber);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A delivery receipt: the provider's word on a text message it accepted earlier. */
export async function recordReceipt(
  db: Db,
  providerId: string,
  outcome: { delivered: boolean; failed: boolean; providerStatus: string; error: string | null },
): Promise<OutboxRow | undefined> {
  const row = await db.selectFrom('outbox').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
  if (!row || !SENT.includes(row.status as (typeof SENT)[number])) return undefined;
  await db
    .updateTable('outbox')
    .set({
      provider_status: outcome.providerStatus,
      ...(outcome.delivered ? { status: 'delivered' } : {}),
      ...(outcome.failed ? { status: 'failed', last_error: outcome.error } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  return row;
}

/** Text messages given up on: the dashboard asks staff to call those applicants instead (of a deleted application, nobody). */
export async function countFailedTexts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('channel', 'in', TEXT_CHANNELS)
    .where('status', '=', 'failed')
    .where('application_id', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function countByStatus(db: Db, channels: ('email' | PhoneChannel)[]): Promise<{ backlog: number; failed: number }> {
  const rows = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('channel', 'in', channels)
    .groupBy('status')
    .execute();
  const of = (...statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return { backlog: of('queued', 'sending'), failed: of('failed') };
}

/** Emails waiting (or being sent) and given up on, for the System page. */
export const countEmailOutbox = (db: Db) => countByStatus(db, ['email']);

/** Text messages waiting (or being sent) and given up on, for the System page. */
export const countTextOutbox = (db: Db) => countByStatus(db, TEXT_CHANNELS);

/** Every email the outbox holds, whatever its state: what a backup's manifest counts. */
export async function countEmails(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('channel', '=', 'email')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Reads the outbox table: the store every queued message goes through (the readiness check). */
export async function probeOutbox(db: Db): Promise<void> {
  await db.selectFrom('outbox').select('id').limit(1).execute();
}

/**
 * Whether a channel's queue is not draining (the readiness probe, ADR 0068): a message still
 * unsent that fell due before `since`, or that has kept failing since before `since`. Messages
 * held back on purpose (settling, quiet hours) are not due and carry no error, so they never count.
 */
export async function hasLateMessage(db: Db, channels: readonly OutboxRow['channel'][], since: Date): Promise<boolean> {
  const at = since.toISOString();
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('status', 'in', ['queued', 'sending'])
    .where('channel', 'in', channels)
    .where((eb) => eb.or([eb('next_attempt_at', '<=', at), eb.and([eb('last_error', 'is not', null), eb('created_at', '<=', at)])]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What staff see about one email: never the body, which they can reconstruct from the history. */
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
    .selectFrom('outbox')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('channel', '=', 'email')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    to: r.recipient ?? '',
    subject: r.subject ?? '',
    status: r.status as EmailDelivery['status'],
    attempts: Number(r.attempts),
    lastError: r.last_error,
    nextAttemptAt: r.status === 'queued' ? r.next_attempt_at : null,
    sentAt: r.sent_at,
    createdAt: r.created_at,
  }));
}

export async function findOutboxRow(db: Db, id: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes delivered (or given-up) emails created before the given time; queued and sending ones stay whatever their age. */
export async function deleteFinishedEmailsBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('channel', '=', 'email')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes text messages done with (sent, delivered, failed, skipped, limited) created before the given time; waiting ones stay. */
export async function deleteFinishedTextsBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('channel', 'in', TEXT_CHANNELS)
    .where('status', 'in', ['sent', 'delivered', 'failed', 'skipped', 'limited'])
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Stops what is still waiting to go to the applicant who withdrew consent (ADR 0053): queued emails
 * are removed (their bodies name the applicant and nothing will send them), queued text messages end
 * as skipped, as one the office's settings stopped does. A message being sent at this instant has
 * already left. Called in the withdrawal's transaction.
 */
export async function cancelWaitingNotices(db: Db, applicationId: string): Promise<{ emails: number; texts: number }> {
  const emails = await db
    .deleteFrom('outbox')
    .where('application_id', '=', applicationId)
    .where('channel', '=', 'email')
    .where('status', '=', 'queued')
    .executeTakeFirst();
  const texts = await db
    .updateTable('outbox')
    .set({ status: 'skipped', last_error: 'consent withdrawn', secret: null })
    .where('application_id', '=', applicationId)
    .where('channel', 'in', TEXT_CHANNELS)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return { emails: Number(emails.numDeletedRows), texts: Number(texts.numUpdatedRows) };
}

/**
 * An erased application's channel agreement and notices, sent or waiting, go with their addresses
 * and bodies (ADR 0052). Answers the ids of its emails: the mail folder's copies are named by them
 * (ADR 0064).
 */
export async function forgetNoticesOf(db: Db, applicationId: string): Promise<string[]> {
  const emails = await db
    .selectFrom('outbox')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('channel', '=', 'email')
    .execute();
  await db.deleteFrom('message_consents').where('application_id', '=', applicationId).execute();
  await db.deleteFrom('outbox').where('application_id', '=', applicationId).execute();
  return emails.map((e) => e.id);
}

/** Which of `ids` are emails the outbox still holds: a mail file of any other id belongs to no message (ADR 0064). */
export async function heldEmailIds(db: Db, ids: string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('outbox')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) held.add(row.id);
  }
  return held;
}

/**
 * An email claimed for an applicant who may no longer be contacted: deleted as a withdrawal
 * deletes the waiting ones (cancelWaitingNotices), so it is neither sent nor kept.
 */
export async function dropClaimedEmail(db: Db, id: string): Promise<void> {
  await db.deleteFrom('outbox').where('id', '=', id).where('channel', '=', 'email').where('status', '=', 'sending').execute();
}
