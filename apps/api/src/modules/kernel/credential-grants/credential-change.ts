import type { Db } from '../../../db/connection.js';
import { deleteChallengesOf, deleteOpenResets, dropPendingSecret, revokeStaffAccountSessions } from './repository.js';

/** What can change about how an account gets in. */
export type CredentialChange = 'password' | 'email' | 'role' | 'deleted' | 'second-factor-reset';

/**
 * Everything the account's old credentials let in or could still let in, ended together (ADR
 * 0039): its unused password-reset links (sent to the address it had), its sign-in challenges (a
 * password typed before the change must not finish a sign-in or an enrolment after it), any
 * authenticator setup still waiting for its first code, and its sessions but `keepSessionFamily`
 * (the one that made the change). A session is ended on an email or role change too: the email is
 * where reset links go, and a session begun under the old one should be begun again. Call it in the transaction that makes
 * the change, so either all of it happens or none. Every path that changes a password, an email
 * or a role, deletes an account or removes its second factor calls this one function, so what a
 * credential change ends is decided here alone.
 */
export async function endCredentialGrants(
  trx: Db,
  userId: string,
  changes: readonly CredentialChange[],
  keepSessionFamily?: string,
): Promise<void> {
  if (changes.length === 0) return;
  await revokeStaffAccountSessions(trx, userId, keepSessionFamily);
  await deleteOpenResets(trx, userId);
  await deleteChallengesOf(trx, userId);
  await dropPendingSecret(trx, userId);
}
