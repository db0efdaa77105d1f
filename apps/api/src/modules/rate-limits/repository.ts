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
