import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_TOKEN_MINUTES, type Role } from '@visa/shared/constants';
import { SERVER } from '@visa/shared/messages';
import type { User } from '@visa/shared/users';
import type { Db } from '../db/connection.js';
import { HttpError } from '../lib/http-error.js';
import { signJwt, verifyJwt } from '../lib/jwt.js';
import { deriveKey } from '../lib/secret.js';

export interface SignedInUser extends User {
  /** The session family the access token belongs to; logout and reuse detection revoke it. */
  sessionFamily: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: AccessTokens;
    /** preHandler: any signed-in staff member. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: signed in and one of these roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: SignedInUser | null;
  }
}

export interface AccessTokens {
  sign(user: { id: string; role: Role }, sessionFamily: string): Promise<string>;
  verify(token: string): Promise<{ userId: string; sessionFamily: string } | null>;
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = deriveKey(secret, 'access-token');
  return {
    sign: async (user, sessionFamily) => signJwt(key, { sub: user.id, role: user.role, sid: sessionFamily }, ACCESS_TOKEN_MINUTES * 60),
    async verify(token) {
      const claims = verifyJwt(key, token);
      if (!claims || typeof claims.sid !== 'string') return null;
      return { userId: claims.sub, sessionFamily: claims.sid };
    },
  };
}

/**
 * Every staff call carries `Authorization: Bearer <JWT>`. The token alone is not trusted for the
 * role: the user and a live session are read on each request, so a deleted account, a changed
 * role or a logout take effect at once rather than when the token expires.
 */
export default fp(async function auth(app: FastifyInstance, opts: { db: Db; secret: string }) {
  const tokens = createAccessTokens(opts.secret);
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null);

  async function loadUser(request: FastifyRequest): Promise<SignedInUser | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const claims = await tokens.verify(header.slice(7).trim());
    if (!claims) return null;
    const row = await opts.db
      .selectFrom('users')
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .select(['users.id', 'users.name', 'users.email', 'users.role'])
      .where('users.id', '=', claims.userId)
      .where('sessions.family_id', '=', claims.sessionFamily)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    if (!row) return null;
    return { _id: row.id, name: row.name, email: row.email, role: row.role, sessionFamily: claims.sessionFamily };
  }

  const authenticate = async (request: FastifyRequest) => {
    request.user = await loadUser(request);
    if (!request.user) throw new HttpError(401, SERVER.unauthorized);
  };
  app.decorate('authenticate', authenticate);
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    await authenticate(request);
    if (!roles.includes(request.user!.role)) throw new HttpError(403, SERVER.forbidden);
  });
});
