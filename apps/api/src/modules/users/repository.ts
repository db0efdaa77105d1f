import type { Role } from '@visa/shared/constants';
import type { User } from '@visa/shared/users';
import type { Db } from '../../db/connection.js';
import { nowIso } from '../../db/connection.js';
import type { UserRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

const toUser = (row: Pick<UserRow, 'id' | 'name' | 'email' | 'role'>): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db.selectFrom('users').select(['id', 'name', 'email', 'role']).orderBy('created_at').orderBy('id').execute();
  return rows.map(toUser);
}

export async function countUsers(db: Db, role?: Role): Promise<number> {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (role) q = q.where('role', '=', role);
  const { n } = await q.executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertUser(db: Db, input: { name: string; email: string; role: Role; passwordHash: string }): Promise<User> {
  const now = nowIso();
  const row = {
    id: newId(),
    name: input.name,
    email: input.email.trim().toLowerCase(),
    role: input.role,
    password_hash: input.passwordHash,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('users').values(row).execute();
  return toUser(row);
}

export async function updateUser(
  db: Db,
  id: string,
  patch: { name?: string; email?: string; role?: Role; passwordHash?: string },
): Promise<User | undefined> {
  const result = await db
    .updateTable('users')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.email !== undefined ? { email: patch.email.trim().toLowerCase() } : {}),
      ...(patch.role !== undefined ? { role: patch.role } : {}),
      ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findUserById(db, id);
}

/**
 * Serialises every change that could leave the office without a super-admin. A no-op UPDATE of the
 * super-admin rows is the one statement that locks on both engines: row locks on PostgreSQL (a
 * concurrent transaction waits, then re-reads), the database write lock on SQLite. Call it first
 * inside the transaction, before counting.
 */
export async function lockSuperadmins(db: Db): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('role', '=', 'superadmin')
    .execute();
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// --- sessions -------------------------------------------------------------------------------

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
