import type { Db } from '../../../db/connection.js';

/** Every statement on staff_digests and calendar_feeds (ADR 0081). */

export interface DigestRecipient {
  id: string;
  name: string;
  email: string;
}

/**
 * The staff accounts that own an open letter due by `until` (overdue included) of an application
 * not erased, and whose digest of `day` is not queued yet: who may get one today. Read through
 * the open-letter index; a letter without an owner (its account removed) reminds nobody.
 */
export async function digestRecipients(db: Db, o: { until: string; day: string }): Promise<DigestRecipient[]> {
  return db
    .selectFrom('users as u')
    .select(['u.id as id', 'u.name as name', 'u.email as email'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('case_letters as l')
          .innerJoin('applications as a', 'a.id', 'l.application_id')
          .select('l.id')
          .whereRef('l.owner_id', '=', 'u.id')
          .where('l.done_on', 'is', null)
          .where('l.deadline', '<=', o.until)
          .where('a.anonymised_at', 'is', null),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('staff_digests as d').select('d.user_id').whereRef('d.user_id', '=', 'u.id').where('d.day', '=', o.day)),
      ),
    )
    .orderBy('u.id')
    .execute();
}

/**
 * Takes the member's digest of `day`: true for exactly one caller, whichever instance asks first.
 * The primary key decides, inside the caller's transaction, so the email queued with it exists
 * exactly when the row does.
 */
export async function takeDigestTurn(db: Db, userId: string, day: string, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('staff_digests')
    .values({ user_id: userId, day, queued_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Digest days older than `before` are only history: dropped by housekeeping. */
export async function deleteDigestDaysBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('staff_digests').where('day', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Gives the member a feed token (its hash), replacing the one they had. */
export async function saveFeed(db: Db, userId: string, tokenHash: string, now: Date): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: now.toISOString() }))
    .execute();
}

export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

export async function findFeedOf(db: Db, userId: string): Promise<{ created_at: string } | undefined> {
  return db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst();
}

/** The member whose feed token hashes to `tokenHash`, if any. */
export async function findFeedOwner(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('calendar_feeds').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.user_id;
}
