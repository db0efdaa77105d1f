import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { LOGIN, SERVER } from '@visa/shared/messages';
import { LoginInputSchema, LoginResponseSchema, UserSchema } from '@visa/shared/users';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit } from '../audit/repository.js';
import { verifyPassword } from './passwords.js';
import * as repo from './repository.js';
import { REFRESH_COOKIE, clearSessionCookies, revokeByRefreshToken, rotateSession, setSessionCookies, startSession } from './sessions.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const LOGIN_LIMIT_PER_EMAIL = 10;
export const LOGIN_LIMIT_PER_ADDRESS = 50;

/** Sign-in, token refresh, sign-out and "who am I" (DESIGN.md §4). */
export default async function authRoutes(app: FastifyInstance, opts: { db: Db; cookieSecure: boolean }) {
  const { db, cookieSecure } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const context = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
  });

  r.post(
    '/login',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign in with email and password',
        body: LoginInputSchema,
        response: { 200: LoginResponseSchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await app.rateLimiter.hit(`login:ip:${request.ip}`, LOGIN_LIMIT_PER_ADDRESS, FIFTEEN_MINUTES);
      await app.rateLimiter.hit(`login:email:${email}`, LOGIN_LIMIT_PER_EMAIL, FIFTEEN_MINUTES);
      const user = await repo.findUserByEmail(db, email);
      // Same answer, and the same argon2 work, whether or not the email exists.
      const ok = await verifyPassword(user?.password_hash, password);
      if (!user || !ok) throw new HttpError(401, LOGIN.invalidCredentials);
      await app.rateLimiter.reset(`login:email:${email}`);
      const { familyId, refreshToken } = await startSession(db, user.id, context(request));
      setSessionCookies(reply, refreshToken, cookieSecure);
      await recordAudit(db, { actorUserId: user.id, action: 'user.login', entity: 'user', entityId: user.id });
      return {
        token: await app.tokens.sign(user, familyId),
        user: { _id: user.id, name: user.name, email: user.email, role: user.role },
      };
    },
  );

  r.post(
    '/refresh',
    {
      schema: {
        tags: ['users'],
        summary: 'Rotate the refresh cookie and get a new access token',
        response: { 200: LoginResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw new HttpError(401, SERVER.unauthorized);
      const result = await rotateSession(db, presented, context(request));
      if (!result.ok) {
        clearSessionCookies(reply, cookieSecure);
        if (result.reason === 'reused') request.log.warn('refresh token reuse: session family revoked');
        throw new HttpError(401, SERVER.unauthorized);
      }
      const user = await repo.findUserById(db, result.userId);
      if (!user) throw new HttpError(401, SERVER.unauthorized);
      setSessionCookies(reply, result.refreshToken, cookieSecure);
      return { token: await app.tokens.sign({ id: user._id, role: user.role }, result.familyId), user };
    },
  );

  r.post(
    '/logout',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign out: revoke the session and clear its cookies',
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) await revokeByRefreshToken(db, presented);
      // A bearer token also identifies the session, for a client whose cookie is already gone.
      const header = request.headers.authorization;
      if (header?.startsWith('Bearer ')) {
        const claims = await app.tokens.verify(header.slice(7));
        if (claims) await repo.revokeFamily(db, claims.sessionFamily);
      }
      clearSessionCookies(reply, cookieSecure);
      return { message: 'Signed out' };
    },
  );

  r.get(
    '/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The signed-in staff member',
        security: [{ bearer: [] }],
        response: { 200: UserSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const { sessionFamily: _family, ...user } = request.user!;
      return user;
    },
  );
}
