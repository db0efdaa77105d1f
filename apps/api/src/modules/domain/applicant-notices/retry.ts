import type { NotifyChannel } from '@visa/shared/notices';

/**
 * How the outbox retries (ADR 0009, ADR 0044): after a failure a message waits longer each time,
 * up to a cap, and is given up after its channel's last attempt.
 */

/** How one run's message ended: counted in the run's summary. */
export type Outcome = 'sent' | 'retried' | 'failed' | 'skipped' | 'deferred';

export interface RetryPolicy {
  maxAttempts: number;
  /** How long to wait after the given attempt failed. */
  backoff(attempts: number): number;
}

export interface RetryOptions {
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** 0..1 spread of each backoff, so many failed messages do not all retry in the same second. */
  jitter?: number;
}

/**
 * An SMTP server is retried sooner and more often, to ride out an outage of hours; a text-message
 * provider later and fewer times, since a provider that keeps failing will not deliver soon.
 */
const CHANNEL_DEFAULTS: Record<'email' | 'text', Required<RetryOptions>> = {
  email: { maxAttempts: 10, backoffBaseMs: 30_000, backoffMaxMs: 60 * 60_000, jitter: 0.2 },
  text: { maxAttempts: 8, backoffBaseMs: 60_000, backoffMaxMs: 60 * 60_000, jitter: 0.2 },
};

/** The base doubled after each attempt, capped, spread by the jitter. */
export function backoffMs(attempts: number, base: number, max: number, jitter: number, random = Math.random): number {
  const exact = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(exact * (1 - jitter + 2 * jitter * random()));
}

/** A channel's policy; what the options set holds for every channel (tests make attempts few). */
export function retryPolicy(channel: NotifyChannel, options: RetryOptions): RetryPolicy {
  const o = { ...CHANNEL_DEFAULTS[channel === 'email' ? 'email' : 'text'], ...definedOnly(options) };
  return { maxAttempts: o.maxAttempts, backoff: (attempts) => backoffMs(attempts, o.backoffBaseMs, o.backoffMaxMs, o.jitter) };
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
