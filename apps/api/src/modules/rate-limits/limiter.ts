import { SERVER } from '@visa/shared/messages';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { countHit, deleteCounter } from './repository.js';

export interface RateLimiter {
  /** Counts one hit on `key`; throws 429 once more than `limit` hits fall in the window. */
  hit(key: string, limit: number, windowMs: number): Promise<void>;
  /**
   * Counts one hit on `key` and answers the window as it now stands, refusing nothing: for limits
   * that slow down or warn rather than refuse, and to act once when a limit is first crossed
   * (`count === limit + 1` is seen by exactly one request per window).
   */
  count(key: string, windowMs: number): Promise<{ count: number; retryAfterSeconds: number }>;
  reset(key: string): Promise<void>;
}

/** The 429 of a limit, telling the client when its window ends. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, SERVER.tooManyRequests, undefined, { 'retry-after': String(retryAfterSeconds) });

/** Fixed-window counters kept in the database, so several app processes share them. */
export function createRateLimiter(db: Db): RateLimiter {
  const count: RateLimiter['count'] = async (key, windowMs) => {
    const now = Date.now();
    const window = await countHit(db, key, now, windowMs);
    return { count: window.count, retryAfterSeconds: Math.max(1, Math.ceil((window.windowStart + windowMs - now) / 1000)) };
  };
  return {
    async hit(key, limit, windowMs) {
      const window = await count(key, windowMs);
      if (window.count > limit) throw tooManyRequests(window.retryAfterSeconds);
    },
    count,
    async reset(key) {
      await deleteCounter(db, key);
    },
  };
}
