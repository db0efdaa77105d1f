import bcrypt from 'bcryptjs';

/**
 * Passwords brought over from the earlier app (docs/product.md#files-and-passwords-from-the-earlier-app):
 * its bcrypt hashes are stored as they were and accepted at sign-in, where legacy-sign-in.ts
 * replaces them by this app's own hash.
 */

const BCRYPT_PREFIX = /^\$2[aby]\$\d\d\$/;

/** Whether a stored hash is one of the earlier app's (bcrypt) rather than this app's (argon2id). */
export const isLegacyHash = (passwordHash: string) => BCRYPT_PREFIX.test(passwordHash);

/** Checks a password against an earlier app's hash, as that app hashed it: the password as typed, never normalised. */
export async function verifyLegacyPassword(passwordHash: string, password: string): Promise<boolean> {
  return bcrypt.compare(password, passwordHash).catch(() => false);
}
