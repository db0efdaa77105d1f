import { ACCESS_TOKEN_MINUTES, type Role } from '@visa/shared/constants';
import { signJwt, verifyJwt } from '../../../lib/jwt.js';
import { deriveKey } from '../../../lib/secret.js';
import type { AccessClaims } from '../../../plugins/auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and verifies staff access tokens; app.ts decorates the app with the context's. */
    tokens: AccessTokens;
  }
}

export interface AccessTokens {
  sign(staffAccount: { id: string; role: Role }, sessionFamily: string): Promise<string>;
  verify(token: string, now?: number): AccessClaims | null;
}

/** How many verified tokens are remembered before the memory is cleared and starts again. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string): AccessTokens {
  const key = deriveKey(secret, 'access-token');
  // A staff member's browser sends the same token with every call until it renews it, so a token
  // that verified is remembered with its expiry instead of being checked again (ADR 0033). Only
  // tokens that verified are kept, which only this server can sign, so forged ones cannot fill
  // it; a remembered token is refused from its expiry on like any other. Whether its session still
  // lives is not remembered: the access check reads that on every request.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  return {
    sign: async (staffAccount, sessionFamily) =>
      signJwt(key, { sub: staffAccount.id, role: staffAccount.role, sid: sessionFamily }, ACCESS_TOKEN_MINUTES * 60),
    verify(token, now = Date.now()) {
      const known = verified.get(token);
      if (known && known.expiresAtMs > now) return known.claims;
      if (known) verified.delete(token);
      const claims = verifyJwt(key, token, now);
      if (!claims || typeof claims.sid !== 'string') return null;
      const access = Object.freeze({ userId: claims.sub, sessionFamily: claims.sid });
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
      verified.set(token, { claims: access, expiresAtMs: claims.exp * 1000 });
      return access;
    },
  };
}
