import { hash, verify } from '@node-rs/argon2';
import { normalizePassword } from '@visa/shared/users';
import { isLegacyHash, verifyLegacyPassword } from './legacy-passwords.js';

// @node-rs/argon2 defaults to argon2id with OWASP-recommended cost parameters.
// The NFKC form is hashed, so the same password typed on another keyboard still matches (ADR 0017).
export const hashPassword = (password: string) => hash(normalizePassword(password));

// Verified against when the email is unknown, so a miss costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Hashes made before ADR 0017 are of the password as typed. A password that normalisation changes
 * is tried in both forms, so those accounts still sign in; ASCII passwords (nearly all) are
 * unchanged by NFKC and cost one verification as before.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const normalized = normalizePassword(password);
  const forms = normalized === password ? [password] : [normalized, password];
  if (!passwordHash) {
    dummyHash ??= hash('not-a-real-password-but-the-same-cost');
    const dummy = await dummyHash;
    for (const form of forms) await verify(dummy, form).catch(() => false);
    return false;
  }
  // An earlier app's hash, brought over by the import: checked its own way, replaced at sign-in.
  if (isLegacyHash(passwordHash)) return verifyLegacyPassword(passwordHash, password);
  for (const form of forms) {
    if (await verify(passwordHash, form).catch(() => false)) return true;
  }
  return false;
}
