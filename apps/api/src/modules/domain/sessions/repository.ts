import type { SessionEndReason } from '@visa/shared/session-rules';
import type { Db } from '../../../db/connection.js';
import { nowIso } from '../../../db/connection.js';
import { type QueryParam, compiledQuery } from '../../../db/compiled-query.js';
import { newId } from '../../../lib/ids.js';
import { STAFF_ACCOUNT_COLUMNS, toStaffAccount } from '../staff-accounts/repository.js';

/** Sessions: one row per refresh token; a family is every token descended from one sign-in. */

export async function insertSession(
  db: Db,
  input: { userId: string; refreshHash: string; familyId: string; expiresAt: string; ip: string | null; userAgent: string | null },
) {
  await db
    .insertInto('sessions')
    .values({
      id: newId(),
      user_id: input.userId,
      refresh_hash: input.refreshHash,
      family_id: input.familyId,
      expires_at: input.expiresAt,
      revoked_at: null,
      created_at: nowIso(),
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
}

export async function findSessionByRefreshHash(db: Db, refreshHash: string) {
  return db.selectFrom('sessions').selectAll().where('refresh_hash', '=', refreshHash).executeTakeFirst();
}

/** Marks one refresh token used; false when another request already rotated it (a race or a replay). */
export async function markSessionRotated(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new session family, at sign-in (ADR 0018): it starts active and must end by `expiresAt`. */
export async function insertFamily(db: Db, input: { familyId: string; userId: string; startedAt: string; expiresAt: string }) {
  await db
    .insertInto('session_families')
    .values({
      family_id: input.familyId,
      user_id: input.userId,
      started_at: input.startedAt,
      last_active_at: input.startedAt,
      expires_at: input.expiresAt,
      ended_at: null,
      end_reason: null,
    })
    .execute();
}

export async function findFamily(db: Db, familyId: string) {
  return db.selectFrom('session_families').selectAll().where('family_id', '=', familyId).executeTakeFirst();
}

/**
 * Records activity in a family. With `notAfter`, only when the stored time is not later than that, so
 * the hot path writes at most once per interval and a slower request never moves it back.
 */
export async function touchFamily(db: Db, familyId: string, at: string, notAfter?: string) {
  await db
    .updateTable('session_families')
    .set({ last_active_at: at })
    .where('family_id', '=', familyId)
    .where('ended_at', 'is', null)
    .where('last_active_at', '<=', notAfter ?? at)
    .execute();
}

/** Ends a family and every refresh token in it; the first reason given is the one kept. */
export async function revokeFamily(db: Db, familyId: string, reason: SessionEndReason = 'elsewhere') {
  const at = nowIso();
  await db
    .updateTable('session_families')
    .set({ ended_at: at, end_reason: reason })
    .where('family_id', '=', familyId)
    .where('ended_at', 'is', null)
    .execute();
  await db.updateTable('sessions').set({ revoked_at: at }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

/** Live sessions of one user: per family, the newest unrevoked, unexpired refresh token, with when the family began and was last active. */
export async function listLiveSessions(db: Db, userId: string) {
  const live = await db
    .selectFrom('sessions')
    .innerJoin('session_families as f', 'f.family_id', 'sessions.family_id')
    .select([
      'sessions.id',
      'sessions.family_id',
      'sessions.expires_at',
      'sessions.ip',
      'sessions.user_agent',
      'f.started_at',
      'f.last_active_at',
    ])
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso())
    .where('f.ended_at', 'is', null)
    .orderBy('f.last_active_at', 'desc')
    .execute();
  return live.map((s) => ({
    id: s.id,
    familyId: s.family_id,
    signedInAt: s.started_at,
    lastUsedAt: s.last_active_at,
    expiresAt: s.expires_at,
    ip: s.ip,
    userAgent: s.user_agent,
  }));
}

/**
 * The user behind an access token with the state of its session family (start, last activity,
 * end), and whether the family still holds an unrevoked, unexpired refresh token. One query, read
 * on every staff request, so a deleted account, a changed role or a sign-out take effect at once
 * rather than when the token expires; sessions.ts decides from it whether the session lives.
 */
const staffAccountInSession = compiledQuery((db, param: QueryParam<'userId' | 'familyId' | 'now'>) =>
  db
    .selectFrom('session_families as f')
    .innerJoin('users', 'users.id', 'f.user_id')
    .select(STAFF_ACCOUNT_COLUMNS.map((column) => `users.${column}` as const))
    .select(['f.started_at', 'f.last_active_at', 'f.expires_at', 'f.ended_at', 'f.end_reason'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('sessions')
            .select('sessions.id')
            .whereRef('sessions.family_id', '=', 'f.family_id')
            .where('sessions.revoked_at', 'is', null)
            .where('sessions.expires_at', '>', param('now')),
        )
        .as('has_live_token'),
    )
    .where('f.family_id', '=', param('familyId'))
    .where('f.user_id', '=', param('userId')),
);

type StaffAccountInSessionRow = Awaited<ReturnType<typeof staffAccountInSession>>[number];

export type StaffAccountInSession = ReturnType<typeof foundOf>;

function foundOf(row: StaffAccountInSessionRow) {
  return {
    user: toStaffAccount(row),
    family: {
      startedAt: row.started_at,
      lastActiveAt: row.last_active_at,
      expiresAt: row.expires_at,
      endedAt: row.ended_at,
      endReason: row.end_reason,
    },
    // SQLite answers 1/0, PostgreSQL true/false.
    hasLiveToken: Boolean(Number(row.has_live_token)),
  };
}

export async function findStaffAccountInSession(
  db: Db,
  userId: string,
  familyId: string,
  now: string,
): Promise<StaffAccountInSession | undefined> {
  // Built once per database and run with its values bound (db/compiled-query.ts): this is the hot path.
  const [row] = await staffAccountInSession(db, { userId, familyId, now });
  return row && foundOf(row);
}

/** The same, read at once; null when it cannot be read without waiting (PostgreSQL, a transaction open). */
export function findStaffAccountInSessionNow(
  db: Db,
  userId: string,
  familyId: string,
  now: string,
): StaffAccountInSession | undefined | null {
  const rows = staffAccountInSession.now(db, { userId, familyId, now });
  if (rows === null) return null;
  const [row] = rows;
  return row && foundOf(row);
}

/**
 * Deletes sessions that can never be used again. An expired row is dead. A revoked row is kept
 * while its family lives on, because presenting a rotated token is how a stolen one is detected
 * and the family revoked; once the whole family is revoked (signed out) there is nothing left to
 * protect. Answers how many rows went.
 */
export async function deleteDeadSessions(db: Db, now: Date, revokedBefore: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now.toISOString()),
        eb.and([
          eb('revoked_at', '<', revokedBefore.toISOString()),
          eb.not(
            eb.exists(
              eb
                .selectFrom('sessions as live')
                .select('live.id')
                .whereRef('live.family_id', '=', 'sessions.family_id')
                .where('live.revoked_at', 'is', null),
            ),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  // A family goes with its last token, once it has ended: nothing can be renewed from it any more.
  await db
    .deleteFrom('session_families')
    .where((eb) =>
      eb.and([
        eb.or([eb('ended_at', 'is not', null), eb('expires_at', '<=', now.toISOString())]),
        eb.not(
          eb.exists(eb.selectFrom('sessions').select('sessions.id').whereRef('sessions.family_id', '=', 'session_families.family_id')),
        ),
      ]),
    )
    .execute();
  return Number(result.numDeletedRows);
}

/** Client addresses of sessions started before `before` are dropped (ADR 0052); answers how many. */
export async function forgetSessionAddressesBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ ip: null })
    .where('created_at', '<', before.toISOString())
    .where('ip', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
