import type { SessionEndReason } from '@visa/shared/session-rules';
import type { Db } from '../../../db/connection.js';
import { nowIso } from '../../../db/connection.js';

// What an account's credentials let in, ended (ADR 0039): its sessions, its unused reset links, its
// sign-in challenges and an authenticator setup still waiting for its first code. The modules that
// make these keep their own SQL; ending them is here, below all of them, so that every path that
// changes a credential (staff accounts, password reset, second factor, the operator's commands)
// reaches the same statements without importing the sign-in modules.

/** Ends every session of an account (but one, when given): to the other devices, it ended elsewhere. */
export async function revokeStaffAccountSessions(db: Db, userId: string, exceptFamily?: string) {
  const at = nowIso();
  let families = db
    .updateTable('session_families')
    .set({ ended_at: at, end_reason: 'elsewhere' satisfies SessionEndReason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (exceptFamily) families = families.where('family_id', '!=', exceptFamily);
  await families.execute();
  let q = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptFamily) q = q.where('family_id', '!=', exceptFamily);
  await q.execute();
}

/** Every unused link of an account stops working. */
export async function deleteOpenResets(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Ends every sign-in challenge of an account, answered or not. */
export async function deleteChallengesOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
}

/** A setup started before a credential change must not be finished after it. */
export async function dropPendingSecret(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('second_factors')
    .set({ pending_secret_enc: null, pending_created_at: null })
    .where('user_id', '=', userId)
    .where('pending_secret_enc', 'is not', null)
    .execute();
}
