import type { Role } from '@visa/shared/constants';
import type { User } from '@visa/shared/users';
import type { Db } from '../../../db/connection.js';
import { nowIso } from '../../../db/connection.js';
import type { UserRow } from '../../../db/schema-staff.js';
import { newId } from '../../../lib/ids.js';

/** The columns behind the API's user shape. */
export const STAFF_ACCOUNT_COLUMNS = ['id', 'name', 'email', 'role', 'must_change_password'] as const;

/** The one mapping from a users row to the API's user; the flag only when it is set, as the API has always answered. */
export const toStaffAccount = (
  row: Pick<UserRow, 'id' | 'name' | 'email' | 'role'> & Partial<Pick<UserRow, 'must_change_password'>>,
): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  ...(row.must_change_password ? { mustChangePassword: true } : {}),
});

export async function findStaffAccountByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findStaffAccountById(db: Db, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').select(STAFF_ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toStaffAccount(row);
}

/** The stored password hash of an account (to check a current password), or undefined when it is gone. */
export async function findPasswordHash(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash;
}

export async function listStaffAccounts(db: Db): Promise<User[]> {
  const rows = await db.selectFrom('users').select(STAFF_ACCOUNT_COLUMNS).orderBy('created_at').orderBy('id').execute();
  return rows.map(toStaffAccount);
}

/** The super-admins, who are told about the office's own safety (a passport guessed at from many addresses). */
export async function listSuperadmins(db: Db): Promise<User[]> {
  const rows = await db.selectFrom('users').select(STAFF_ACCOUNT_COLUMNS).where('role', '=', 'superadmin').orderBy('id').execute();
  return rows.map(toStaffAccount);
}

export async function countStaffAccounts(db: Db, role?: Role): Promise<number> {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (role) q = q.where('role', '=', role);
  const { n } = await q.executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertStaffAccount(db: Db, input: { name: string; email: string; role: Role; passwordHash: string }): Promise<User> {
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
  return toStaffAccount(row);
}

export async function updateStaffAccount(
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
      // A new password, whoever sets it, is one chosen under this app's rule.
      ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash, must_change_password: 0 } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findStaffAccountById(db, id);
}

/** Replaces the password hash only while `expected` is still the stored one (an earlier app's hash at sign-in). */
/** What a sign-in checked the password against: the account as it was read, before the password's slow verification. */
export interface AccountAsChecked {
  id: string;
  email: string;
  role: UserRow['role'];
  password_hash: string;
}

/**
 * Holds the account's row for the rest of the transaction, while it still has the email, role and
 * password hash a sign-in checked against (one no-op UPDATE: it waits for a change being made to
 * the row, then sees it). Answers whether the row is unchanged. A credential change ends sessions
 * and challenges in its own transaction, after updating the row; holding the row first means a
 * sign-in whose password was checked before the change cannot start a session or a challenge
 * after it.
 */
export async function holdAccountAsChecked(trx: Db, account: AccountAsChecked): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set((eb) => ({ password_hash: eb.ref('password_hash') }))
    .where('id', '=', account.id)
    .where('email', '=', account.email)
    .where('role', '=', account.role)
    .where('password_hash', '=', account.password_hash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replacePasswordHashIf(
  db: Db,
  id: string,
  expected: string,
  next: { passwordHash: string; mustChange: boolean },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: next.passwordHash, must_change_password: next.mustChange ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', id)
    .where('password_hash', '=', expected)
    .execute();
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

export async function deleteStaffAccount(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Staff members' names by id, for the ids given (null ones skipped). */
export const staffNamesOf = async (db: Db, ids: (string | null)[]): Promise<Map<string, string>> => {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** Rows with the name of the member of staff each names under `key` (null when none, or the account is gone). */
export async function withStaffNames<R, K extends string>(
  db: Db,
  rows: R[],
  idOf: (row: R) => string | null,
  key: K,
): Promise<(R & Record<K, string | null>)[]> {
  const names = await staffNamesOf(db, rows.map(idOf));
  return rows.map((row) => {
    const id = idOf(row);
    return { ...row, [key]: id ? (names.get(id) ?? null) : null } as R & Record<K, string | null>;
  });
}
