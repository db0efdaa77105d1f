import type { ApplicationStatus } from '@visa/shared/constants';
import { DEFAULT_NOTIFY, NOTIFY_CHANNELS, type NotifyChannel, type PhoneChannel } from '@visa/shared/text-messages';
import type { Db } from '../../db/connection.js';
import { claimDueRows, inClaimOrder } from '../../db/outbox-claims.js';
import type { MessageOutboxRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export type { MessageOutboxRow };

/** The channels an application agreed to; one without a row agreed to email only. */
export async function getConsent(db: Db, applicationId: string): Promise<NotifyChannel[]> {
  const row = await db.selectFrom('message_consents').select('channels').where('application_id', '=', applicationId).executeTakeFirst();
  if (!row) return [...DEFAULT_NOTIFY];
  const stored = row.channels.split(',');
  return NOTIFY_CHANNELS.filter((c) => stored.includes(c));
}

export async function setConsent(db: Db, applicationId: string, channels: NotifyChannel[], by: string | null, now: Date): Promise<void> {
  const values = { channels: channels.join(','), updated_at: now.toISOString(), updated_by: by };
  await db
    .insertInto('message_consents')
    .values({ application_id: applicationId, ...values })
    .onConflict((oc) => oc.column('application_id').doUpdateSet(values))
    .execute();
}

/**
 * A status change's message on one channel, due at `dueAt`. A message still waiting for the same
 * application and channel is moved to the new due time instead, keeping the status from before
 * the first change, so a burst of changes sends at most one message, once it has settled.
 */
export async function scheduleMessage(
  db: Db,
  m: { applicationId: string; channel: PhoneChannel; fromStatus: ApplicationStatus; dueAt: Date; now: Date },
): Promise<void> {
  const moved = await db
    .updateTable('message_outbox')
    .set({ next_attempt_at: m.dueAt.toISOString(), attempts: 0, last_error: null })
    .where('application_id', '=', m.applicationId)
    .where('channel', '=', m.channel)
    .where('status', '=', 'queued')
    .where('kind', '=', 'status')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) > 0) return;
  await insertQueued(db, m, { kind: 'status', secret: null, due_date: null });
}

/** A new queued row of the outbox: what every message starts as, and what only its kind adds. */
async function insertQueued(
  db: Db,
  m: { applicationId: string; channel: PhoneChannel; fromStatus: ApplicationStatus; dueAt: Date; now: Date },
  kind: { kind: 'status'; secret: null; due_date: null } | { kind: 'documents'; secret: string; due_date: string },
): Promise<void> {
  await db
    .insertInto('message_outbox')
    .values({
      id: newId(m.now.getTime()),
      application_id: m.applicationId,
      channel: m.channel,
      from_status: m.fromStatus,
      status: 'queued',
      attempts: 0,
      next_attempt_at: m.dueAt.toISOString(),
      to_number: null,
      provider_id: null,
      provider_status: null,
      sent_status: null,
      last_error: null,
      sent_at: null,
      created_at: m.now.toISOString(),
      ...kind,
    })
    .execute();
}

/**
 * A document request's link on one channel (ADR 0055), due at `dueAt`. The token waits in its own
 * column, never in a body, and goes with the same UPDATE that ends the message (finishMessage).
 * `fromStatus` is the application's status, kept only because every row has one.
 */
export async function queueLinkMessage(
  db: Db,
  m: {
    applicationId: string;
    channel: PhoneChannel;
    fromStatus: ApplicationStatus;
    secret: string;
    dueDate: string;
    dueAt: Date;
    now: Date;
  },
): Promise<void> {
  await insertQueued(db, m, { kind: 'documents', secret: m.secret, due_date: m.dueDate });
}

/** Links still waiting for an application are dropped, token and all: a new request replaced them or staff revoked it. */
export async function dropWaitingLinks(db: Db, applicationId: string, reason: string): Promise<number> {
  const result = await db
    .updateTable('message_outbox')
    .set({ status: 'skipped', last_error: reason, secret: null })
    .where('application_id', '=', applicationId)
    .where('kind', '=', 'documents')
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Claims due messages as the email outbox does (ADR 0009): a conditional UPDATE on the row's
 * status and due time, so of several processes polling the table exactly one claims each row, and
 * the claim is a lease another process takes over once it has passed.
 */
export async function claimDueMessages(db: Db, now: Date, limit: number, leaseMs: number): Promise<MessageOutboxRow[]> {
  const { ids } = await claimDueRows(db, 'message_outbox', now, limit, leaseMs);
  if (ids.length === 0) return [];
  return inClaimOrder(ids, await db.selectFrom('message_outbox').selectAll().where('id', 'in', ids).execute());
}

type Finish =
  | { status: 'sent'; toNumber: string; sentStatus: ApplicationStatus; providerId: string | null; providerStatus: string; at: Date }
  | { status: 'failed' | 'skipped' | 'limited'; error: string }
  | { status: 'queued'; error: string | null; nextAttemptAt: Date; attemptCounts: boolean };

/** Ends this process's claim on a message; a claim another process has taken over changes nothing. */
export async function finishMessage(db: Db, id: string, finish: Finish): Promise<void> {
  let q = db.updateTable('message_outbox').where('id', '=', id).where('status', '=', 'sending');
  if (finish.status === 'sent') {
    q = q.set({
      status: 'sent',
      to_number: finish.toNumber,
      sent_status: finish.sentStatus,
      provider_id: finish.providerId,
      provider_status: finish.providerStatus,
      sent_at: finish.at.toISOString(),
      last_error: null,
      secret: null,
    });
  } else if (finish.status === 'queued') {
    q = q.set((eb) => ({
      status: 'queued',
      last_error: finish.error,
      next_attempt_at: finish.nextAttemptAt.toISOString(),
      // Waiting out quiet hours is not an attempt.
      attempts: finish.attemptCounts ? eb('attempts', '+', 0) : eb('attempts', '-', 1),
    }));
  } else {
    // Nobody will receive it: a link's token goes with it.
    q = q.set({ status: finish.status, last_error: finish.error, secret: null });
  }
  await q.execute();
}

/** The status the last message sent on this channel reported, if any. */
export async function lastSentStatus(db: Db, applicationId: string, channel: PhoneChannel): Promise<ApplicationStatus | null> {
  const row = await db
    .selectFrom('message_outbox')
    .select('sent_status')
    .where('application_id', '=', applicationId)
    .where('channel', '=', channel)
    .where('kind', '=', 'status')
    .where('status', 'in', ['sent', 'delivered'])
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.sent_status ?? null;
}

/** Messages sent since `since` to one application (any channel) or to one number: what the daily limits count. */
export async function countSentSince(db: Db, to: { applicationId: string } | { toNumber: string }, since: Date): Promise<number> {
  let q = db
    .selectFrom('message_outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', 'in', ['sent', 'delivered'])
    .where('sent_at', '>=', since.toISOString());
  q = 'applicationId' in to ? q.where('application_id', '=', to.applicationId) : q.where('to_number', '=', to.toNumber);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Messages given up on: the dashboard asks staff to call those applicants instead. */
export async function countFailedMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom('message_outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Status messages waiting (or being sent) and given up on, for the System page. */
export async function countMessageOutbox(db: Db): Promise<{ backlog: number; failed: number }> {
  const rows = await db
    .selectFrom('message_outbox')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('status')
    .execute();
  const of = (...statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return { backlog: of('queued', 'sending'), failed: of('failed') };
}

/** A delivery receipt: the provider's word on a message it accepted earlier. */
export async function recordReceipt(
  db: Db,
  providerId: string,
  outcome: { delivered: boolean; failed: boolean; providerStatus: string; error: string | null },
): Promise<MessageOutboxRow | undefined> {
  const row = await db.selectFrom('message_outbox').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
  if (!row || !['sent', 'delivered'].includes(row.status)) return undefined;
  await db
    .updateTable('message_outbox')
    .set({
      provider_status: outcome.providerStatus,
      ...(outcome.delivered ? { status: 'delivered' } : {}),
      ...(outcome.failed ? { status: 'failed', last_error: outcome.error } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  return row;
}

/** Deletes messages done with (sent, delivered, failed, skipped, limited) created before the given time; waiting ones stay. */
export async function deleteFinishedMessagesBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('message_outbox')
    .where('status', 'in', ['sent', 'delivered', 'failed', 'skipped', 'limited'])
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An anonymised application's consent and messages go (ADR 0052): the history keeps what happened. */
export async function forgetMessagesOf(db: Db, applicationId: string): Promise<void> {
  await db.deleteFrom('message_consents').where('application_id', '=', applicationId).execute();
  await db.deleteFrom('message_outbox').where('application_id', '=', applicationId).execute();
}
