import type { Db } from '../../../db/connection.js';
import { isLegacyHash } from './legacy-passwords.js';
import { passwordProblem } from '../../../lib/password-policy.js';
import { hashPassword } from './passwords.js';
import { replacePasswordHashIf } from './repository.js';

/**
 * Right after a sign-in whose password matched an earlier app's hash: stores this app's hash of
 * the same password in the same request, so no earlier hash outlives its owner's next sign-in, and
 * marks the account to choose a new password before anything else when the old one breaks this
 * app's password rule. Only while the old hash is still the stored one, so a password changed
 * meanwhile is never overwritten. Answers whether the account must now choose a new password.
 */
export async function replaceLegacyHash(
  db: Db,
  account: { id: string; email: string; password_hash: string },
  password: string,
): Promise<boolean> {
  if (!isLegacyHash(account.password_hash)) return false;
  const mustChange = passwordProblem(password, account.email) !== null;
  await replacePasswordHashIf(db, account.id, account.password_hash, { passwordHash: await hashPassword(password), mustChange });
  return mustChange;
}
