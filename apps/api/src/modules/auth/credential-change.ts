import type { Db } from '../../db/connection.js';
import { deleteOpenResets } from '../password-reset/repository.js';
import { deleteChallengesOf, dropPendingSecret } from '../second-factor/repository.js';
import { revokeStaffAccountSessions } from './repository.js';

/** What can change about how an account gets in. */
export type CredentialChange = 'password' | 'email' | 'role' | 'deleted' | 'second-factor-reset';

/**
 * Changes after which a session started before them must not go on. A new email or role keeps
 * them: the role is read again on every request, and the email is not a secret.
 */
const ENDS_SESSIONS: ReadonlySet<CredentialChange> = new Set(['password', 'deleted', 'second-factor-reset']);

/**
 * Everything the account's old credentials let in or could still let in, ended together (ADR
 * 0039): its unused password-reset links (sent to the address it had), its sign-in challenges (a
 * password typed before the change must not finish a sign-in or an enrolment after it), any
 * authenticator setup still waiting for its first code, and, for the changes above, its sessions
 * but `keepSessionFamily` (the one that made the change). Call it in the transaction that makes
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
  if (changes.some((change) => ENDS_SESSIONS.has(change))) await revokeStaffAccountSessions(trx, userId, keepSessionFamily);
  await deleteOpenResets(trx, userId);
  await deleteChallengesOf(trx, userId);
  await dropPendingSecret(trx, userId);
}
