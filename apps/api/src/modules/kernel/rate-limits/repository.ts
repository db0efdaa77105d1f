import { type QueryParam, compiledQuery } from '../../../db/compiled-query.js';
import type { Db } from '../../../db/connection.js';

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
  const values = { key, now, expired: now - windowMs };
  const [row] = hit.now(db, values) ?? (await hit(db, values));
  if (!row) throw new Error('rate limit: the upsert returned no row');
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/** Takes back one hit on `key` in a window that started after `windowStartedAfter`; an expired or empty window is left alone. */
export async function uncountHit(db: Db, key: string, windowStartedAfter: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('window_start', '>', windowStartedAfter)
    .where('count', '>', 0)
    .execute();
}

// The status check forgets an address group's failures on every hit (across-addresses.ts).
const forget = compiledQuery((db, param: QueryParam<'key'>) => db.deleteFrom('rate_limits').where('key', '=', param('key')));

export async function deleteCounter(db: Db, key: string): Promise<void> {
  const values = { key };
  if (!forget.now(db, values)) await forget(db, values);
}

/**
 * Deletes counters whose window started before the given time: the next hit on that key starts a
 * new window anyway. Counters whose key starts with `longer.scope` (a constant, never input) have
 * a longer window and are kept until `longer.windowStartedBefore`.
 */
export async function deleteStaleCounters(
  db: Db,
  windowStartedBefore: Date,
  longer?: { scope: string; windowStartedBefore: Date },
): Promise<number> {
  let query = db.deleteFrom('rate_limits').where('window_start', '<', windowStartedBefore.getTime());
  if (longer) {
    const prefix = `${longer.scope}:%`;
    query = query.where((eb) => eb.or([eb('key', 'not like', prefix), eb('window_start', '<', longer.windowStartedBefore.getTime())]));
  }
  const result = await query.executeTakeFirst();
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
