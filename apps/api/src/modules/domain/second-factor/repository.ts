import type { Db } from '../../../db/connection.js';
import { newId } from '../../../lib/ids.js';

/** Two-step sign-in's SQL (ADR 0019). Secrets arrive encrypted and codes hashed: nothing here sees either in clear. */

/** The account behind a challenge or a confirmation: what a sign-in needs, and the password hash to check. */
export async function findAccount(db: Db, userId: string) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'role', 'password_hash']).where('id', '=', userId).executeTakeFirst();
}

export async function findSecondFactor(db: Db, userId: string) {
  return db.selectFrom('second_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new secret waits for its first code; an app already in use keeps working until then. */
export async function savePendingSecret(db: Db, userId: string, secretEnc: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('second_factors')
    .values({ user_id: userId, pending_secret_enc: secretEnc, pending_created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret_enc: secretEnc, pending_created_at: at, updated_at: at }))
    .execute();
}

/**
 * Makes the pending secret the one in use, if it is still the one the code was checked against
 * (another setup may have replaced it meanwhile). The confirming code's step is remembered too.
 */
export async function promotePendingSecret(db: Db, userId: string, pendingEnc: string, step: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('second_factors')
    .set({
      secret_enc: pendingEnc,
      pending_secret_enc: null,
      pending_created_at: null,
      enabled_at: at,
      last_step: step,
      wrong_codes: 0,
      updated_at: at,
    })
    .where('user_id', '=', userId)
    .where('pending_secret_enc', '=', pendingEnc)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records `step` as the newest accepted one and clears the wrong codes in a row. A single
 * conditional UPDATE, so two requests racing with the same code (or an older one) cannot both
 * succeed, whichever process they reach, and a code racing the last wrong one cannot slip past
 * the cap (`lockAt`).
 */
export async function acceptStep(db: Db, userId: string, step: number, lockAt: number): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({ last_step: step, wrong_codes: 0 })
    .where('user_id', '=', userId)
    .where('secret_enc', 'is not', null)
    .where('wrong_codes', '<', lockAt)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts one more wrong code in a row; answers the count after it (0 when there is no app in use). */
export async function countWrongCode(db: Db, userId: string): Promise<number> {
  const row = await db
    .updateTable('second_factors')
    .set((eb) => ({ wrong_codes: eb('wrong_codes', '+', 1) }))
    .where('user_id', '=', userId)
    .where('secret_enc', 'is not', null)
    .returning('wrong_codes')
    .executeTakeFirst();
  return row ? Number(row.wrong_codes) : 0;
}

/** A recovery code proved the holder: codes from the app work again. */
export async function clearWrongCodes(db: Db, userId: string): Promise<void> {
  await db.updateTable('second_factors').set({ wrong_codes: 0 }).where('user_id', '=', userId).execute();
}

/** Removes the app and the recovery codes; returns whether there was anything to remove. */
export async function deleteSecondFactor(db: Db, userId: string): Promise<boolean> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('second_factors').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const at = now.toISOString();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ id: newId(), user_id: userId, code_hash, created_at: at })))
    .execute();
}

/** Uses up one recovery code; false when it is unknown or already used. */
export async function consumeRecoveryCode(db: Db, userId: string, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const { n } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertChallenge(
  db: Db,
  input: { tokenHash: string; userId: string; kind: 'totp' | 'enrol'; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      id: newId(),
      token_hash: input.tokenHash,
      user_id: input.userId,
      kind: input.kind,
      created_at: input.now.toISOString(),
      expires_at: input.expiresAt.toISOString(),
    })
    .execute();
}

/** A challenge that can still be answered: unused and unexpired. */
export async function findOpenChallenge(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('login_challenges')
    .select(['id', 'user_id', 'kind', 'attempts'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Counts a wrong code; at `limit` wrong codes the challenge is used up. Returns whether it is still open. */
export async function recordWrongAttempt(db: Db, id: string, limit: number, now: Date): Promise<boolean> {
  await db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const closed = await db
    .updateTable('login_challenges')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('attempts', '>=', limit)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 0;
}

/** Marks a challenge used; only one of two racing requests gets true. */
export async function useChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('login_challenges')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Housekeeping: challenges live minutes; rows past their expiry serve nothing. */
export async function deleteExpiredChallenges(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('login_challenges').where('expires_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
