import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { REFRESH_COOKIE_DAYS } from '@visa/shared/constants';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/ids.js';
import * as repo from './sessions-repository.js';

export const REFRESH_COOKIE = 'refresh_token';
/** Script-readable marker with the refresh cookie's lifetime: the web app's 60-second session check looks for it (ADR 0005). */
const SESSION_COOKIE = 'session';
const REFRESH_PATH = '/api/users';
const LIFETIME_S = REFRESH_COOKIE_DAYS * 24 * 60 * 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface SessionContext {
  ip: string | null;
  userAgent: string | null;
}

/** Starts a new session family; returns the refresh token to put in the cookie. */
export async function startSession(db: Db, userId: string, ctx: SessionContext) {
  const familyId = newId();
  const refreshToken = randomBytes(32).toString('base64url');
  await repo.insertSession(db, {
    userId,
    refreshHash: sha256(refreshToken),
    familyId,
    expiresAt: new Date(Date.now() + LIFETIME_S * 1000).toISOString(),
    ...ctx,
  });
  return { familyId, refreshToken };
}

export type RotateResult =
  { ok: true; userId: string; familyId: string; refreshToken: string } | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Refresh-token rotation: each token works once. Presenting a token that was already rotated
 * means it was copied, so the whole family (every token descended from that login) is revoked.
 */
export async function rotateSession(db: Db, presented: string, ctx: SessionContext): Promise<RotateResult> {
  const session = await repo.findSessionByRefreshHash(db, sha256(presented));
  if (!session) return { ok: false, reason: 'unknown' };
  if (session.revoked_at !== null || !(await repo.markSessionRotated(db, session.id))) {
    await repo.revokeFamily(db, session.family_id);
    return { ok: false, reason: 'reused' };
  }
  if (session.expires_at <= new Date().toISOString()) return { ok: false, reason: 'expired' };
  const refreshToken = randomBytes(32).toString('base64url');
  await repo.insertSession(db, {
    userId: session.user_id,
    refreshHash: sha256(refreshToken),
    familyId: session.family_id,
    // The family keeps the 7-day lifetime of the original sign-in; rotation does not extend it.
    expiresAt: session.expires_at,
    ...ctx,
  });
  return { ok: true, userId: session.user_id, familyId: session.family_id, refreshToken };
}

export async function revokeByRefreshToken(db: Db, presented: string) {
  const session = await repo.findSessionByRefreshHash(db, sha256(presented));
  if (session) await repo.revokeFamily(db, session.family_id);
}

export function setSessionCookies(reply: FastifyReply, refreshToken: string, secure: boolean, maxAgeS = LIFETIME_S) {
  reply.setCookie(REFRESH_COOKIE, refreshToken, { path: REFRESH_PATH, httpOnly: true, sameSite: 'strict', secure, maxAge: maxAgeS });
  reply.setCookie(SESSION_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'strict', secure, maxAge: maxAgeS });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH, httpOnly: true, sameSite: 'strict', secure });
  reply.clearCookie(SESSION_COOKIE, { path: '/', sameSite: 'strict', secure });
}
