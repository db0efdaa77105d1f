import type { User } from '@visa/shared/users';
import type { Db } from '../../db/connection.js';
import { nowIso } from '../../db/connection.js';
import { newId } from '../../lib/ids.js';
import { USER_COLUMNS, toUser } from './repository.js';

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

export async function revokeFamily(db: Db, familyId: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Live sessions of one user: per family, the newest unrevoked, unexpired refresh token. */
export async function listLiveSessions(db: Db, userId: string) {
  const live = await db
    .selectFrom('sessions')
    .select(['id', 'family_id', 'created_at', 'expires_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .execute();
  if (live.length === 0) return [];
  // The family's first row is when that device signed in.
  const starts = await db
    .selectFrom('sessions')
    .select(['family_id', (eb) => eb.fn.min('created_at').as('signed_in_at')])
    .where(
      'family_id',
      'in',
      live.map((s) => s.family_id),
    )
    .groupBy('family_id')
    .execute();
  const startOf = new Map(starts.map((s) => [s.family_id, String(s.signed_in_at)]));
  return live.map((s) => ({
    id: s.id,
    familyId: s.family_id,
    signedInAt: startOf.get(s.family_id) ?? s.created_at,
    lastUsedAt: s.created_at,
    expiresAt: s.expires_at,
    ip: s.ip,
    userAgent: s.user_agent,
  }));
}

export async function revokeUserSessions(db: Db, userId: string, exceptFamily?: string) {
  let q = db.updateTable('sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptFamily) q = q.where('family_id', '!=', exceptFamily);
  await q.execute();
}

/**
 * The user behind an access token, if the token's session family is still live: not revoked, not
 * expired, and the account still exists. Read on every staff request, so a deleted account, a
 * changed role or a sign-out take effect at once rather than when the token expires.
 */
export async function findUserInLiveSession(db: Db, userId: string, familyId: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select(USER_COLUMNS.map((column) => `users.${column}` as const))
    .where('users.id', '=', userId)
    .where('sessions.family_id', '=', familyId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso())
    .executeTakeFirst();
  return row && toUser(row);
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
  return Number(result.numDeletedRows);
}
