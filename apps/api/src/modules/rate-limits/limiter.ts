import { SERVER } from '@visa/shared/messages';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { countHit, deleteCounter } from './repository.js';

export interface RateLimiter {
  /** Counts one hit on `key`; throws 429 once more than `limit` hits fall in the window. */
  hit(key: string, limit: number, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Fixed-window counters kept in the database, so several app processes share them. */
export function createRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      const window = await countHit(db, key, now, windowMs);
      if (window.count > limit) {
        const retryAfter = Math.max(1, Math.ceil((window.windowStart + windowMs - now) / 1000));
        throw new HttpError(429, SERVER.tooManyRequests, undefined, { 'retry-after': String(retryAfter) });
      }
    },
    async reset(key) {
      await deleteCounter(db, key);
    },
  };
}
