import type { NotifyChannel } from '@visa/shared/notices';

/**
 * How the outbox retries (ADR 0009, ADR 0044, ADR 0068): after a failure a message waits longer
 * each time, up to a short cap, and is given up once its channel's window has passed.
 */

/** How one run's message ended: counted in the run's summary. */
export type Outcome = 'sent' | 'retried' | 'failed' | 'skipped' | 'deferred';

export interface RetryPolicy {
  maxAttempts: number;
  /** How long to wait after the given attempt failed. */
  backoff(attempts: number): number;
}

export interface RetryOptions {
  /** Attempts before giving up; by default as many as fit in the channel's window at the cap. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** 0..1 spread of each backoff, so many failed messages do not all retry in the same second. */
  jitter?: number;
}

/**
 * The cap is short on purpose: an SMTP server or a provider that comes back is noticed by the next
 * attempt, so the longest a message waits after its service returned is the cap (plus a poll).
 * A long cap (it was an hour) left messages waiting long after a short outage ended. Retrying a
 * service that is down every 45 s costs one connection per waiting message, nothing for an office's
 * queue of tens; the worker also pulls every waiting message of a channel forward as soon as one
 * send on it succeeds (worker.ts), so in practice the queue drains within seconds of the return.
 */
export const BACKOFF_CAP_MS = 45_000;

/**
 * How long a message keeps being tried. An email rides out an outage of hours (a mail host's
 * maintenance, a night); a status text message is worth less the later it comes, and a provider
 * down that long will not deliver soon.
 */
const CHANNEL_WINDOWS_MS = { email: 6 * 60 * 60_000, text: 2 * 60 * 60_000 } as const;

const CHANNEL_DEFAULTS = { backoffBaseMs: 30_000, backoffMaxMs: BACKOFF_CAP_MS, jitter: 0.2 } as const;

/** The base doubled after each attempt, spread by the jitter, never above the cap. */
export function backoffMs(attempts: number, base: number, max: number, jitter: number, random = Math.random): number {
  const exact = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.min(max, Math.round(exact * (1 - jitter + 2 * jitter * random())));
}

/** Attempts whose unspread waits add up to `windowMs`: the first attempt, then one after each wait. */
function attemptsWithin(windowMs: number, base: number, max: number): number {
  let waited = 0;
  let attempts = 1;
  while (waited < windowMs) {
    waited += backoffMs(attempts, base, max, 0);
    attempts += 1;
  }
  return attempts;
}

/** A channel's policy; what the options set holds for every channel (tests make attempts few). */
export function retryPolicy(channel: NotifyChannel, options: RetryOptions): RetryPolicy {
  const o = { ...CHANNEL_DEFAULTS, ...definedOnly(options) };
  const maxAttempts =
    o.maxAttempts ?? attemptsWithin(CHANNEL_WINDOWS_MS[channel === 'email' ? 'email' : 'text'], o.backoffBaseMs, o.backoffMaxMs);
  return { maxAttempts, backoff: (attempts) => backoffMs(attempts, o.backoffBaseMs, o.backoffMaxMs, o.jitter) };
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
