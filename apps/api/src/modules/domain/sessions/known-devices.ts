import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS } from '@visa/shared/api-paths';
import type { AppContext } from '../../../context.js';
import { deriveKey } from '../../../lib/secret.js';

/**
 * The trusted lane of signing in (ADR 0038): somewhere an attacker on the account cannot be. An
 * attempt on an account from a browser that signed in to it before (the device cookie) or from an
 * address group it signed in from in the last weeks is neither refused by the limit across
 * addresses nor queued for its turn, and has a reserved place in the hashing queue. Its own
 * failures still count per address and per (email, address).
 */

export const DEVICE_COOKIE = 'known_device';
/** Sent with sign-in attempts only. */
const DEVICE_COOKIE_PATH = API_PATHS.login.path;
/** A year: the browser stays known until it forgets the cookie. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Counters under this scope last `KNOWN_GROUP_MS` from the latest sign-in; housekeeping keeps them that long. */
export const KNOWN_GROUP_SCOPE = 'login:known-group';
/** How long an address group stays known to an account after a sign-in from it: a month. */
export const KNOWN_GROUP_MS = 30 * 24 * 60 * 60_000;

const macOf = (secret: string, accountId: string, deviceId: string) =>
  createHmac('sha256', deriveKey(secret, 'known-device')).update(`${accountId}\n${deviceId}`).digest();

/** Whether the attempt on `accountId` comes from one of its known devices or address groups. */
export async function isTrustedAttempt(
  ctx: AppContext,
  accountId: string | undefined,
  client: string,
  deviceCookie: string | undefined,
): Promise<boolean> {
  if (accountId && deviceCookie && isDeviceOf(ctx.secret, accountId, deviceCookie)) return true;
  // Looked up for an unknown email too, so the time taken says nothing about whether it has an account.
  const { rateLimiter } = ctx;
  const known = await rateLimiter.peek(rateLimiter.key(KNOWN_GROUP_SCOPE, accountId ?? '', { client }), KNOWN_GROUP_MS);
  return accountId !== undefined && known > 0;
}

function isDeviceOf(secret: string, accountId: string, cookie: string): boolean {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(cookie);
  if (!match) return false;
  const expected = macOf(secret, accountId, match[1]!);
  const given = Buffer.from(match[2]!, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * After a complete sign-in (the second step taken, when there is one): the browser gets a device
 * cookie for the account (a random id and its keyed hash with the account id, no email), and the
 * address group becomes known to the account for the next weeks.
 */
export async function rememberSignIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void> {
  const deviceId = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${deviceId}.${macOf(ctx.secret, accountId, deviceId).toString('base64url')}`, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.cookieSecure,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  const { rateLimiter } = ctx;
  const key = rateLimiter.key(KNOWN_GROUP_SCOPE, accountId, { client: request.ip });
  // Counted afresh, so the group stays known for the whole period after its latest sign-in.
  await rateLimiter.reset(key);
  await rateLimiter.count(key, KNOWN_GROUP_MS);
}
