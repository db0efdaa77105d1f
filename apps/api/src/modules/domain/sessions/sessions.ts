import type { FastifyReply } from 'fastify';
import { SessionEndReasonSchema, type SessionInfo } from '@visa/shared/session';
import { SESSION_ACTIVITY_WRITE_SECONDS, type SessionEndReason } from '@visa/shared/session-rules';
import { newSecretToken, sha256 } from '../../../lib/tokens.js';
import type { Db } from '../../../db/connection.js';
import { newId } from '../../../lib/ids.js';
import type { AccessClaims, Activity, SessionCheck } from '../../../plugins/auth.js';
import { findStaffAccountById } from '../staff-accounts/repository.js';
import * as repo from './repository.js';
import type { StaffAccountInSession } from './repository.js';

export const REFRESH_COOKIE = 'refresh_token';
/** Script-readable marker with the refresh cookie's lifetime: the web app's 60-second session check looks for it (ADR 0005). */
const SESSION_COOKIE = 'session';
const REFRESH_PATH = '/api/users';

export interface SessionContext {
  ip: string | null;
  userAgent: string | null;
}

/** The limits every staff session is held to, and the clock they are kept by (ADR 0018). */
export interface SessionPolicy {
  idleMinutes: number;
  idleMs: number;
  absoluteMs: number;
  now: () => Date;
}

export function sessionPolicyOf(
  config: { SESSION_IDLE_MINUTES: number; SESSION_ABSOLUTE_HOURS: number },
  now: () => Date = () => new Date(),
): SessionPolicy {
  return {
    idleMinutes: config.SESSION_IDLE_MINUTES,
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    now,
  };
}

interface FamilyTimes {
  startedAt: string;
  lastActiveAt: string;
  expiresAt: string;
}

/**
 * When a family ends by each limit. The absolute end is also measured from the start with today's
 * setting, so lowering SESSION_ABSOLUTE_HOURS holds sessions already running to the new limit.
 */
function endsOf(policy: SessionPolicy, family: FamilyTimes) {
  const absolute = Math.min(Date.parse(family.expiresAt), Date.parse(family.startedAt) + policy.absoluteMs);
  return { idle: Date.parse(family.lastActiveAt) + policy.idleMs, absolute };
}

/** What the web app is told about a live session, to warn before the idle limit. */
function infoOf(policy: SessionPolicy, family: FamilyTimes): SessionInfo {
  const ends = endsOf(policy, family);
  return {
    idleMinutes: policy.idleMinutes,
    expiresAt: new Date(ends.absolute).toISOString(),
    idleExpiresAt: new Date(ends.idle).toISOString(),
    now: policy.now().toISOString(),
  };
}

/** Why a family that has not been ended yet must end now, if it must: whichever limit came first. */
function limitReached(policy: SessionPolicy, family: FamilyTimes, now: number): SessionEndReason | null {
  const ends = endsOf(policy, family);
  if (now < ends.idle && now < ends.absolute) return null;
  return ends.idle < ends.absolute ? 'idle' : 'expired';
}

/** The reason kept on an ended family; anything unexpected reads as ended elsewhere. */
const storedReason = (reason: string | null): SessionEndReason => SessionEndReasonSchema.safeParse(reason).data ?? 'elsewhere';

/**
 * Starts a new session family: every way of signing in ends here (password alone, or after the
 * second step). Returns the refresh token to put in the cookie and what the client is told.
 */
export async function startSession(db: Db, userId: string, ctx: SessionContext, policy: SessionPolicy) {
  const familyId = newId();
  const refreshToken = newSecretToken();
  const now = policy.now();
  const family = {
    startedAt: now.toISOString(),
    lastActiveAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + policy.absoluteMs).toISOString(),
  };
  await repo.insertFamily(db, { familyId, userId, startedAt: family.startedAt, expiresAt: family.expiresAt });
  await repo.insertSession(db, { userId, refreshHash: sha256(refreshToken), familyId, expiresAt: family.expiresAt, ...ctx });
  return { familyId, refreshToken, session: infoOf(policy, family) };
}

/** What a found session means now, and the write that must be made before answering, if any. */
interface Verdict {
  check: SessionCheck;
  /** The family reached a limit: end it with this reason. */
  revoke?: SessionEndReason;
  /** The person was active: record it at this time. */
  touchAt?: string;
}

/**
 * A session past its idle or absolute limit is ended, so it stays ended whoever asks next. When
 * the request counts as activity, the family's last activity moves to now, written at most once
 * every SESSION_ACTIVITY_WRITE_SECONDS (the recorded time is never later than the real one, so the
 * idle limit can only bite that much early, never late).
 */
function verdictOf(policy: SessionPolicy, found: StaffAccountInSession, now: Date, activity: Activity): Verdict {
  const { family } = found;
  if (family.endedAt !== null) return { check: { ok: false, reason: storedReason(family.endReason) } };
  const reached = limitReached(policy, family, now.getTime());
  if (reached) return { check: { ok: false, reason: reached }, revoke: reached };
  // Every refresh token of the family was revoked or has expired without the family being ended.
  if (!found.hasLiveToken) return { check: { ok: false, reason: 'elsewhere' } };
  const due = activity === 'person' && now.getTime() - Date.parse(family.lastActiveAt) >= SESSION_ACTIVITY_WRITE_SECONDS * 1000;
  const lastActiveAt = due ? now.toISOString() : family.lastActiveAt;
  // One object shape whether a write is due or not (no conditional spread): this runs on every staff request.
  return {
    check: { ok: true, user: found.user, session: () => infoOf(policy, { ...family, lastActiveAt }) },
    touchAt: due ? lastActiveAt : undefined,
  };
}

/** Whether the session behind an access token lives, on every staff request (see verdictOf). */
export async function checkSession(db: Db, policy: SessionPolicy, claims: AccessClaims, activity: Activity): Promise<SessionCheck> {
  const now = policy.now();
  const found = await repo.findStaffAccountInSession(db, claims.userId, claims.sessionFamily, now.toISOString());
  if (!found) return { ok: false, reason: (await findStaffAccountById(db, claims.userId)) ? 'elsewhere' : 'account' };
  const verdict = verdictOf(policy, found, now, activity);
  if (verdict.revoke) await repo.revokeFamily(db, claims.sessionFamily, verdict.revoke);
  if (verdict.touchAt) {
    await repo.touchFamily(
      db,
      claims.sessionFamily,
      verdict.touchAt,
      new Date(now.getTime() - SESSION_ACTIVITY_WRITE_SECONDS * 1000).toISOString(),
    );
  }
  return verdict.check;
}

/**
 * The same check answered at once, without a promise, when it needs one read and no write: the
 * common case on SQLite (ADR 0032). Null when it cannot be (PostgreSQL, a transaction open, an
 * unknown session, a write due); the caller then runs checkSession, which reads again.
 */
export function checkSessionNow(db: Db, policy: SessionPolicy, claims: AccessClaims, activity: Activity): SessionCheck | null {
  const now = policy.now();
  const found = repo.findStaffAccountInSessionNow(db, claims.userId, claims.sessionFamily, now.toISOString());
  if (!found) return null;
  const verdict = verdictOf(policy, found, now, activity);
  return verdict.revoke || verdict.touchAt ? null : verdict.check;
}

/** "Stay signed in": the person is here, recorded now whatever the write interval (ADR 0018). */
export async function recordPresence(db: Db, policy: SessionPolicy, familyId: string): Promise<SessionInfo | null> {
  const now = policy.now().toISOString();
  await repo.touchFamily(db, familyId, now);
  const family = await repo.findFamily(db, familyId);
  if (!family || family.ended_at !== null) return null;
  return infoOf(policy, { startedAt: family.started_at, lastActiveAt: family.last_active_at, expiresAt: family.expires_at });
}

export type RotateResult =
  | { ok: true; userId: string; familyId: string; refreshToken: string; session: SessionInfo }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: SessionEndReason; reused?: boolean };

/**
 * Refresh-token rotation: each token works once. Presenting a token that was already rotated
 * means it was copied, so the whole family (every token descended from that login) is revoked.
 * Renewing is not activity: the family's idle and absolute limits are checked, never extended.
 */
export async function rotateSession(db: Db, presented: string, ctx: SessionContext, policy: SessionPolicy): Promise<RotateResult> {
  const session = await repo.findSessionByRefreshHash(db, sha256(presented));
  if (!session) return { ok: false, reason: 'unknown' };
  const family = await repo.findFamily(db, session.family_id);
  // The browser still holds the newest token of a family that has ended: say why it ended.
  if (family?.ended_at) return { ok: false, reason: storedReason(family.end_reason) };
  if (session.revoked_at !== null || !(await repo.markSessionRotated(db, session.id))) {
    await repo.revokeFamily(db, session.family_id, 'elsewhere');
    return { ok: false, reason: 'elsewhere', reused: true };
  }
  const now = policy.now();
  const times = family && { startedAt: family.started_at, lastActiveAt: family.last_active_at, expiresAt: family.expires_at };
  const reached = times ? limitReached(policy, times, now.getTime()) : 'expired';
  if (reached || session.expires_at <= now.toISOString()) {
    await repo.revokeFamily(db, session.family_id, reached ?? 'expired');
    return { ok: false, reason: reached ?? 'expired' };
  }
  const refreshToken = newSecretToken();
  await repo.insertSession(db, {
    userId: session.user_id,
    refreshHash: sha256(refreshToken),
    familyId: session.family_id,
    // The family keeps the lifetime of the original sign-in; rotation does not extend it.
    expiresAt: session.expires_at,
    ...ctx,
  });
  return { ok: true, userId: session.user_id, familyId: session.family_id, refreshToken, session: infoOf(policy, times!) };
}

/** Signing out: the family ends, and another tab of the same browser is told the person signed out. */
export async function revokeByRefreshToken(db: Db, presented: string) {
  const session = await repo.findSessionByRefreshHash(db, sha256(presented));
  if (session) await repo.revokeFamily(db, session.family_id, 'signed-out');
}

/** Signing out by the access token's family, for a client whose refresh cookie is already gone. */
export async function revokeSignedOutFamily(db: Db, familyId: string) {
  await repo.revokeFamily(db, familyId, 'signed-out');
}

/** Seconds until the session's absolute end: how long its cookies may live. */
export const cookieLifetime = (session: SessionInfo, now: Date) =>
  Math.max(0, Math.floor((Date.parse(session.expiresAt) - now.getTime()) / 1000));

/** Both cookies live until the session's absolute end (ADR 0018). */
export function setSessionCookies(reply: FastifyReply, refreshToken: string, secure: boolean, maxAgeS: number) {
  reply.setCookie(REFRESH_COOKIE, refreshToken, { path: REFRESH_PATH, httpOnly: true, sameSite: 'strict', secure, maxAge: maxAgeS });
  reply.setCookie(SESSION_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'strict', secure, maxAge: maxAgeS });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH, httpOnly: true, sameSite: 'strict', secure });
  reply.clearCookie(SESSION_COOKIE, { path: '/', sameSite: 'strict', secure });
}
