import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets handed to a client once (refresh tokens, sign-in challenges, password-reset links): 256
 * random bits. Only `sha256` of one is stored, so a copy of the database cannot be used to sign in.
 */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** Hex SHA-256: how a secret token (or another value kept out of the database) is stored and looked up. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
