import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { LIMITS } from '@visa/shared/limits';
import { normalizePassword } from '@visa/shared/users';
import { tooManyRequests } from '../../kernel/rate-limits/limiter.js';
import { isLegacyHash, verifyLegacyPassword } from './legacy-passwords.js';

/**
 * Who asks for password work: someone not signed in is refused (429) when the queue is full, so
 * anonymous requests cannot keep every core busy hashing; a signed-in member of staff waits. A
 * trusted sign-in (the account's known device or address group, ADR 0038) goes ahead of every
 * other waiter, in places of its own beside the anonymous ones, and is refused only when those are
 * taken too.
 */
export type PasswordWorkFor = 'anonymous' | 'trusted' | 'signed-in';

/**
 * Every argon2 hash and verification of the process goes through this queue (ADR 0038): at most
 * one per core at a time, and a bounded number waiting for anonymous requests.
 */
const RUNNING_MAX = Math.max(1, os.availableParallelism());
const WAITING_MAX = RUNNING_MAX * LIMITS.passwordHashing.waitingPerCore;
/** Places kept for trusted sign-ins, whom a full anonymous queue does not turn away. */
const TRUSTED_WAITING_MAX = RUNNING_MAX;

let running = 0;
const waiting: (() => void)[] = [];
const trustedWaiting: (() => void)[] = [];
const counters = { started: 0, refused: 0 };

async function inQueue<T>(work: () => Promise<T>, workFor: PasswordWorkFor): Promise<T> {
  if (running < RUNNING_MAX) running += 1;
  else {
    const lane = workFor === 'trusted' && trustedWaiting.length < TRUSTED_WAITING_MAX ? trustedWaiting : waiting;
    if (workFor !== 'signed-in' && lane === waiting && waiting.length >= WAITING_MAX) {
      counters.refused += 1;
      throw tooManyRequests(1);
    }
    // The slot is handed over by the task that ends, so `running` stays counted.
    await new Promise<void>((resolve) => lane.push(resolve));
  }
  counters.started += 1;
  try {
    return await work();
  } finally {
    const next = trustedWaiting.shift() ?? waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** The queue as it stands: hashes and verifications started, anonymous requests refused, and now running and waiting. */
export const passwordWorkCounters = () => ({ ...counters, running, waiting: waiting.length + trustedWaiting.length });

// @node-rs/argon2 defaults to argon2id with OWASP-recommended cost parameters.
// The NFKC form is hashed, so the same password typed on another keyboard still matches (ADR 0017).
export const hashPassword = (password: string, workFor: PasswordWorkFor = 'signed-in') =>
  inQueue(() => hash(normalizePassword(password)), workFor);

// Verified against when the email is unknown, so a miss costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Hashes made before ADR 0017 are of the password as typed. A password that normalisation changes
 * is tried in both forms, so those accounts still sign in; ASCII passwords (nearly all) are
 * unchanged by NFKC and cost one verification as before.
 */
export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
  workFor: PasswordWorkFor = 'signed-in',
): Promise<boolean> {
  const normalized = normalizePassword(password);
  const forms = normalized === password ? [password] : [normalized, password];
  return inQueue(async () => {
    if (!passwordHash) {
      dummyHash ??= hash('not-a-real-password-but-the-same-cost');
      const dummy = await dummyHash;
      for (const form of forms) await verify(dummy, form).catch(() => false);
      return false;
    }
    // An earlier app's hash, brought over by the import: checked its own way, replaced at sign-in.
    if (isLegacyHash(passwordHash)) return verifyLegacyPassword(passwordHash, password);
    for (const form of forms) {
      if (await verify(passwordHash, form).catch(() => false)) return true;
    }
    return false;
  }, workFor);
}
