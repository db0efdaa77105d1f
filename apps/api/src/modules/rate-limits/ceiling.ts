import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ceiling } from '@visa/shared/limits';
import { deriveKey } from '../../lib/secret.js';

/**
 * Limits that cannot be turned against the person they protect (ADR 0017). A limit that refuses
 * (429) keys on the client address together with the account or passport, so one address can use
 * up only its own attempts. Across all addresses there is a far higher ceiling that never refuses:
 * past it, each further answer waits a little longer, up to a cap, and the window clears by itself.
 */

/** How long the answer to the `count`-th attempt in a window waits: nothing up to the limit, then growing to the cap. */
export const ceilingDelayMs = (count: number, ceiling: Ceiling) =>
  count <= ceiling.limit ? 0 : Math.min(ceiling.capMs, ceiling.stepMs * (count - ceiling.limit));

export const waitFor = (ms: number) => (ms > 0 ? sleep(ms) : Promise.resolve());

/**
 * Keyed hashes for the parts of a counter's key that identify someone (an email, a passport, an
 * address), so the rate-limit table holds no personal data yet the same input always counts on
 * the same row.
 */
export function counterKeyHasher(secret: string): (...parts: string[]) => string {
  const key = deriveKey(secret, 'rate-limit-keys');
  return (...parts) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url').slice(0, 32);
}
