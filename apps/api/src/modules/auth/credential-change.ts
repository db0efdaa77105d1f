import type { Db } from '../../db/connection.js';
import { deleteOpenResets } from '../password-reset/repository.js';
import { deleteChallengesOf, dropPendingSecret } from '../second-factor/repository.js';
import { revokeStaffAccountSessions } from './repository.js';

/**
 * Everything that was let in by an account's old credentials, ended together (ADR 0039): its
 * sessions (but `keepSessionFamily`, the session that made the change), its unused password-reset
 * links, its sign-in challenges (a password typed before the change must not finish a sign-in or
 * an enrolment after it) and any authenticator setup still waiting for its first code. Call it in
 * the transaction that changes the password, the email or the role, or deletes the account, so
 * either all of it happens or none. Every such path calls this one function, so a new kind of
 * grant is ended everywhere by adding it here.
 */
export async function endCredentialGrants(trx: Db, userId: string, keepSessionFamily?: string): Promise<void> {
  await revokeStaffAccountSessions(trx, userId, keepSessionFamily);
  await deleteOpenResets(trx, userId);
  await deleteChallengesOf(trx, userId);
  await dropPendingSecret(trx, userId);
}
