import { type QueryParam, compiledQuery } from '../../db/compiled-query.js';
import type { Db } from '../../db/connection.js';

// Built once per database (db/compiled-query.ts): the status check counts three of these per request.
const hit = compiledQuery((db, param: QueryParam<'key' | 'now' | 'expired'>) =>
  db
    .insertInto('rate_limits')
    .values({ key: param('key'), window_start: param<number>('now'), count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.window_start', '<=', param<number>('expired'))
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('rate_limits.window_start', '<=', param<number>('expired'))
          .then(param<number>('now'))
          .else(eb.ref('rate_limits.window_start'))
          .end(),
      })),
    )
    .returning(['count', 'window_start']),
);

/**
 * Counts one hit on `key` in a fixed window of `windowMs` and answers the window as it now stands.
 * One upsert: the window restarts when it has expired, otherwise the count goes up, so concurrent
 * hits from several processes never lose a count.
 */
export async function countHit(db: Db, key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
  const [row] = await hit(db, { key, now, expired: now - windowMs });
  if (!row) throw new Error('rate limit: the upsert returned no row');
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Deletes counters whose window started before the given time: the next hit on that key starts a new window anyway. */
export async function deleteStaleCounters(db: Db, windowStartedBefore: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('window_start', '<', windowStartedBefore.getTime()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The hits on `key` in a window that started after `windowStartedAfter`; none when it has expired. */
export async function peekCount(db: Db, key: string, windowStartedAfter: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '>', windowStartedAfter)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

/**
 * Takes the turn on `key` for `holder` when nobody holds it or the last holder's lease ran out: one
 * conditional upsert, so of several processes asking at once exactly one gets it.
 */
export async function claimTurn(db: Db, key: string, holder: string, now: number, leaseMs: number): Promise<boolean> {
  const row = await db
    .insertInto('rate_limit_turns')
    .values({ key, holder, expires_at: now + leaseMs })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ holder, expires_at: now + leaseMs })
        .where('rate_limit_turns.expires_at', '<=', now),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the turn back, unless its lease ran out and another holder has it now. */
export async function releaseTurn(db: Db, key: string, holder: string): Promise<void> {
  await db.deleteFrom('rate_limit_turns').where('key', '=', key).where('holder', '=', holder).execute();
}
