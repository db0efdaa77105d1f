import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '@visa/shared/messages';
import type { Db } from '../db/connection.js';
import { HttpError } from '../lib/http-error.js';

export interface RateLimiter {
  /** Counts one hit on `key`; throws 429 once more than `limit` hits fall in the window. */
  hit(key: string, limit: number, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/**
 * Fixed-window counters kept in the database, so several app processes share them (DESIGN.md §1).
 * One upsert per hit: the window restarts when it has expired, otherwise the count goes up.
 */
export function createRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      const expired = now - windowMs;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: now, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            count: eb
              .case()
              .when('rate_limits.window_start', '<=', expired)
              .then(1)
              .else(eb('rate_limits.count', '+', 1))
              .end(),
            window_start: eb
              .case()
              .when('rate_limits.window_start', '<=', expired)
              .then(now)
              .else(eb.ref('rate_limits.window_start'))
              .end(),
          })),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      if (Number(row.count) > limit) {
        const retryAfter = Math.max(1, Math.ceil((Number(row.window_start) + windowMs - now) / 1000));
        throw new HttpError(429, SERVER.tooManyRequests, undefined, { 'retry-after': String(retryAfter) });
      }
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

export default fp(async function rateLimit(app: FastifyInstance, opts: { db: Db }) {
  app.decorate('rateLimiter', createRateLimiter(opts.db));
});
