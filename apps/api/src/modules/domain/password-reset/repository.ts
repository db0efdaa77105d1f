import type { Db } from '../../../db/connection.js';
import { newId } from '../../../lib/ids.js';

/** "Forgot password?" links (migration 20261123T150000): stored as the token's hash only. */

/** A new link for a user; any earlier unused link of theirs stops working. Call it in a transaction. */
export async function replaceReset(db: Db, input: { userId: string; tokenHash: string; now: Date; expiresAt: Date }) {
  await db.deleteFrom('password_resets').where('user_id', '=', input.userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('password_resets')
    .values({
      id: newId(),
      user_id: input.userId,
      token_hash: input.tokenHash,
      created_at: input.now.toISOString(),
      expires_at: input.expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

/** Whether a link can still be used (known, unused, unexpired): checked before any password work is done for it. */
export async function isResetUsable(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses a link: one conditional UPDATE, so of two requests racing with the same token exactly one
 * gets the user id. Null for an unknown, used or expired token.
 */
export async function consumeReset(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Links used or expired before `before`: housekeeping removes them. */
export async function deleteOldResets(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('password_resets').where('expires_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
