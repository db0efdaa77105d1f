import type { AcrossAddresses } from '@visa/shared/limits';
import { type RateLimiter, tooManyRequests } from './limiter.js';

/**
 * The limit on one email or one passport across every address (ADR 0038). Past its first limit the
 * requests for that subject are served one at a time, across workers and instances, so parallel
 * requests gain nothing, and an address group that has already failed on it in the window is
 * refused at once rather than queued, so it takes no turn and no hashing from anyone; past its hard
 * limit the subject is refused for the rest of the window, except from an address group that has
 * not failed on it, so the owner coming from their own address still gets in while every address
 * that has guessed is turned away. A trusted attempt (the account's own device or usual address
 * group, as the caller decides) is neither refused nor queued: only its own failures count.
 */

export interface AcrossAddressesTurn {
  /** The attempt's number in the window, all addresses together. */
  count: number;
  /** Marks the attempt's address group as having failed on the subject for the rest of the window. */
  failed(): Promise<void>;
  /** The right secret: the address group's failures on the subject are forgotten. */
  succeeded(): Promise<void>;
  /** The attempt was refused before it was judged (a full queue): it counts as no failure. */
  abandoned(): Promise<void>;
  /** Gives the turn back; call it once the work it guards is done. */
  release(): Promise<void>;
}

export interface AcrossAddressesEvents {
  /** The first attempt past `limit` in the window. */
  onLimit?: () => Promise<void>;
  /** The first attempt past `hardLimit` in the window. */
  onHardLimit?: () => Promise<void>;
  /** The attempt comes from somewhere the attacker cannot be: it skips the refusals and the turn. */
  trusted?: boolean;
}

const nothing = async () => {};

export async function acrossAddresses(
  limiter: RateLimiter,
  limit: AcrossAddresses,
  scope: string,
  subject: string,
  client: string,
  events: AcrossAddressesEvents = {},
): Promise<AcrossAddressesTurn> {
  const key = limiter.key(scope, subject);
  const failedKey = limiter.key(`${scope}-failed`, subject, { client });
  const window = await limiter.count(key, limit.windowMs);
  if (window.count === limit.limit + 1) await events.onLimit?.();
  if (window.count === limit.hardLimit + 1) await events.onHardLimit?.();
  const forget = () => limiter.reset(failedKey);
  if (events.trusted) {
    return {
      count: window.count,
      failed: async () => void (await limiter.count(failedKey, limit.windowMs)),
      succeeded: forget,
      abandoned: nothing,
      release: nothing,
    };
  }
  // Past the limit a group that has failed waits for no turn: the turns are for those not yet refused.
  if (window.count > limit.limit && (await limiter.peek(failedKey, limit.windowMs)) > 0) {
    throw tooManyRequests(window.retryAfterSeconds);
  }
  // Past the hard limit the attempt is marked before it is judged, so of several sent at once from
  // a clean address group only the first is answered.
  let marked = false;
  if (window.count > limit.hardLimit) {
    const tried = await limiter.count(failedKey, limit.windowMs);
    if (tried.count > 1) throw tooManyRequests(window.retryAfterSeconds);
    marked = true;
  }
  let release = nothing;
  if (window.count > limit.limit) {
    try {
      release = await limiter.takeTurn(key, limit.turnWaitMs);
    } catch (err) {
      if (marked) await forget();
      throw err;
    }
  }
  return {
    count: window.count,
    failed: async () => {
      if (!marked) await limiter.count(failedKey, limit.windowMs);
    },
    succeeded: forget,
    abandoned: async () => {
      if (marked) await forget();
    },
    release,
  };
}
