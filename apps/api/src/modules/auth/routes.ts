import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { LOGIN, SERVER } from '@visa/shared/messages';
import { LoginAnswerSchema } from '@visa/shared/second-factor';
import { LoginInputSchema, LoginResponseSchema } from '@visa/shared/users';
import type { AppContext, RouteOptions } from '../../context.js';
import { HttpError, sessionEnded } from '../../lib/http-error.js';
import { bearerToken } from '../../plugins/auth.js';
import { recordAudit } from '../audit/repository.js';
import { admitSignIn, signInFailed, signInSucceeded } from './login-limits.js';
import { verifyPassword } from './passwords.js';
import { findUserByEmail, findUserById, toUser } from './repository.js';
import { issueChallenge, secondStepFor } from './second-factor.js';
import { revokeFamily } from './sessions-repository.js';
import {
  REFRESH_COOKIE,
  clearSessionCookies,
  cookieLifetime,
  revokeByRefreshToken,
  rotateSession,
  setSessionCookies,
  startSession,
} from './sessions.js';

/** Where a session was started from, shown on the account's list of devices. */
const deviceOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * The end of every sign-in, whichever steps led here (password only, or password and a second
 * factor): a new session, its cookies, the audit entry and the access token.
 */
export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: Parameters<typeof toUser>[0],
  details?: Record<string, unknown>,
) {
  const { familyId, refreshToken, session } = await startSession(ctx.db, user.id, deviceOf(request), ctx.sessionPolicy);
  setSessionCookies(reply, refreshToken, ctx.config.cookieSecure, cookieLifetime(session, ctx.sessionPolicy.now()));
  await recordAudit(ctx.db, { actorUserId: user.id, action: 'user.login', entity: 'user', entityId: user.id, details });
  return {
    token: await ctx.tokens.sign(user, familyId),
    user: toUser(user),
    session,
  };
}

/** Sign-in, token refresh and sign-out: public, since they are how a token is obtained (ADR 0005). */
export default async function authRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db, tokens } = ctx;
  const cookieSecure = ctx.config.cookieSecure;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/login',
    {
      schema: {
        tags: ['users'],
        summary:
          'Sign in with email and password; an account with a second factor (or required to set one up) gets a challenge for the second step instead',
        body: LoginInputSchema,
        response: { 200: LoginAnswerSchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Limits that one address cannot turn against the account (ADR 0017).
      const attempt = await admitSignIn(ctx, email, request.ip);
      const user = await findUserByEmail(db, email);
      // Same answer, and the same argon2 work, whether or not the email exists.
      const ok = await verifyPassword(user?.password_hash, password);
      if (!user || !ok) {
        await signInFailed(ctx, attempt, user?.id ?? null);
        throw new HttpError(401, LOGIN.invalidCredentials);
      }
      await signInSucceeded(ctx, attempt);
      // A second step is due (ADR 0019): no session and no cookies until it is taken.
      const secondFactor = await secondStepFor(db, user.id);
      if (secondFactor) return { secondFactor, challenge: await issueChallenge(db, user.id, secondFactor) };
      return completeSignIn(ctx, request, reply, user);
    },
  );

  r.post(
    '/refresh',
    {
      schema: {
        tags: ['users'],
        summary: 'Rotate the refresh cookie and get a new access token; refused past the idle or absolute limit, never extends them',
        response: { 200: LoginResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw new HttpError(401, SERVER.unauthorized);
      const result = await rotateSession(db, presented, deviceOf(request), ctx.sessionPolicy);
      if (!result.ok) {
        clearSessionCookies(reply, cookieSecure);
        if (result.reason === 'unknown') throw new HttpError(401, SERVER.unauthorized);
        if ('reused' in result) request.log.warn('refresh token reuse: session family revoked');
        throw sessionEnded(result.reason);
      }
      const user = await findUserById(db, result.userId);
      if (!user) throw sessionEnded('account');
      setSessionCookies(reply, result.refreshToken, cookieSecure, cookieLifetime(result.session, ctx.sessionPolicy.now()));
      return { token: await tokens.sign({ id: user._id, role: user.role }, result.familyId), user, session: result.session };
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
      const token = bearerToken(request);
      const claims = token && tokens.verify(token);
      if (claims) await revokeFamily(db, claims.sessionFamily, 'signed-out');
      clearSessionCookies(reply, cookieSecure);
      return { message: 'Signed out' };
    },
  );
}
