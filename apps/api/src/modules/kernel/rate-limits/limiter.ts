import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER } from '@visa/shared/ui-texts';
import type { Db } from '../../../db/connection.js';
import { HttpError } from '../../../lib/http-error.js';
import { keyedHasher } from '../../../lib/secret.js';
import { addressGroup } from './client-group.js';
import { claimTurn, countHit, deleteCounter, peekCount, releaseTurn, uncountHit } from './repository.js';

/** A part of a counter's key: a value that identifies someone, or a client address counted by its group. */
type KeyPart = string | { client: string };

export interface RateLimiter {
  /**
   * The counter key of a limit (ADR 0038): its scope as written, then one keyed hash of the parts,
   * so the rate-limit table holds no email, passport or address, raw or as a plain hash.
   */
  key(scope: string, ...parts: KeyPart[]): string;
  /** Counts one hit on `key`; throws 429 once more than `limit` hits fall in the window. */
  hit(key: string, limit: number, windowMs: number): Promise<void>;
  /**
   * Counts one hit on `key` and answers the window as it now stands, refusing nothing: to act once
   * when a limit is first crossed (`count === limit + 1` is seen by exactly one request per window).
   */
  count(key: string, windowMs: number): Promise<{ count: number; retryAfterSeconds: number }>;
  /** The hits on `key` in its current window, counting none. */
  peek(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes back one hit counted on `key` in its current window: for a request refused before it was judged. */
  uncount(key: string, windowMs: number): Promise<void>;
  /**
   * Waits for this process's and then every process's turn on `key`, one holder at a time; throws
   * 429 when the turn does not come within `waitMs`. The answer gives the turn back.
   */
  takeTurn(key: string, waitMs: number): Promise<() => Promise<void>>;
}

export interface RateLimiterOptions {
  secret: string;
  /** IPv6 addresses count by this prefix (RATE_LIMIT_IPV6_PREFIX). */
  ipv6Prefix: number;
  /** The clock windows are kept by; tests move it on instead of waiting. */
  now?: () => Date;
}

/** The 429 of a limit, telling the client when to try again. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, SERVER.tooManyRequests, undefined, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });

/** A turn left behind by a process that died holding it is free again after this long. */
const TURN_LEASE_MS = 10_000;
/** How often the process's first waiter asks the database whether the turn is free. */
const TURN_POLL_MS = 20;

/** Fixed-window counters kept in the database, so several app processes share them. */
export function createRateLimiter(db: Db, options: RateLimiterOptions): RateLimiter {
  const now = () => (options.now ? options.now().getTime() : Date.now());
  const hash = keyedHasher(options.secret, 'rate-limit-keys');
  const count: RateLimiter['count'] = async (key, windowMs) => {
    const at = now();
    const window = await countHit(db, key, at, windowMs);
    return { count: window.count, retryAfterSeconds: Math.ceil((window.windowStart + windowMs - at) / 1000) };
  };
  // Waiters in this process queue here, so only the first of them polls the database.
  const localTails = new Map<string, Promise<void>>();

  return {
    key(scope, ...parts) {
      const values = parts.map((part) => (typeof part === 'string' ? part : addressGroup(part.client, options.ipv6Prefix)));
      return `${scope}:${hash(values.join('\n'))}`;
    },
    async hit(key, limit, windowMs) {
      const window = await count(key, windowMs);
      if (window.count > limit) throw tooManyRequests(window.retryAfterSeconds);
    },
    count,
    peek: (key, windowMs) => peekCount(db, key, now() - windowMs),
    async reset(key) {
      await deleteCounter(db, key);
    },
    uncount: (key, windowMs) => uncountHit(db, key, now() - windowMs),
    async takeTurn(key, waitMs) {
      const deadline = performance.now() + waitMs;
      const refused = () => tooManyRequests(Math.ceil(waitMs / 1000));
      const previous = localTails.get(key) ?? Promise.resolve();
      let leave!: () => void;
      const mine = new Promise<void>((resolve) => (leave = resolve));
      const tail = previous.then(() => mine);
      localTails.set(key, tail);
      const done = () => {
        leave();
        if (localTails.get(key) === tail) localTails.delete(key);
      };

      const timer = new AbortController();
      const first = await Promise.race([previous.then(() => true), sleep(waitMs, false, { signal: timer.signal }).catch(() => false)]);
      timer.abort();
      if (!first) {
        done();
        throw refused();
      }
      const holder = randomUUID();
      try {
        while (!(await claimTurn(db, key, holder, Date.now(), TURN_LEASE_MS))) {
          if (performance.now() + TURN_POLL_MS > deadline) throw refused();
          await sleep(TURN_POLL_MS);
        }
      } catch (err) {
        done();
        throw err;
      }
      return async () => {
        try {
          await releaseTurn(db, key, holder);
        } finally {
          done();
        }
      };
    },
  };
}
