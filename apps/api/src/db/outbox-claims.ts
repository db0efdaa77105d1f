import type { Db } from './connection.js';

/** The outboxes whose rows a worker claims for a while: both have the same four columns of a lease. */
export type OutboxTable = 'email_outbox' | 'message_outbox';

/**
 * Claims up to `limit` rows of an outbox that are due: queued ones whose time has come, and sending
 * ones whose claim has lapsed (a worker that stopped mid-way). Each is taken by one conditional
 * update on the status and time it was read with, so of several workers and instances exactly one
 * wins each row; the winner holds it for `leaseMs` and counts the attempt. Answers the ids won, in
 * the order they fell due, and whether fewer than `limit` were due (no need to ask again now).
 */
export async function claimDueRows(
  db: Db,
  outbox: OutboxTable,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<{ ids: string[]; exhausted: boolean }> {
  // Both tables have these columns with these types; Kysely is given one name to type them by.
  const table = outbox as 'email_outbox';
  const due = await db
    .selectFrom(table)
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
      .updateTable(table)
      .set((eb) => ({ status: 'sending', next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', candidate.id)
      .where('status', '=', candidate.status)
      .where('next_attempt_at', '=', candidate.next_attempt_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) ids.push(candidate.id);
  }
  return { ids, exhausted: due.length < limit };
}

/** The claimed rows as read back, in the order they were won, with their attempts as a number (a driver may give a string). */
export function inClaimOrder<R extends { id: string; attempts: unknown }>(ids: string[], rows: R[]): (R & { attempts: number })[] {
  const byId = new Map(rows.map((row) => [row.id, { ...row, attempts: Number(row.attempts) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
