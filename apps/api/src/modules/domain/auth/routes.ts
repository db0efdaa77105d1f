import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_ANSWERS, SERVER } from '@visa/shared/ui-texts';
import { BACKGROUND_HEADER, BACKGROUND_VALUE } from '@visa/shared/session-rules';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { HttpError, sessionEnded } from '../../../lib/http-error.js';
import { bearerToken } from '../../../plugins/auth.js';
import { DEVICE_COOKIE } from '../sessions/known-devices.js';
import { completeSignIn, deviceOf, renewSession } from '../sessions/service.js';
import { checkPassword, listSessions, signOutEverywhere } from './service.js';
import {
  REFRESH_COOKIE,
  clearSessionCookies,
  cookieLifetime,
  recordPresence,
  revokeByRefreshToken,
  revokeSignedOutFamily,
  setSessionCookies,
} from '../sessions/sessions.js';

/** Sign-in, token refresh and sign-out: public, since they are how a token is obtained (ADR 0005). */
export default async function authRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db, tokens } = ctx;
  const cookieSecure = ctx.config.cookieSecure;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'login', {
      tags: ['users'],
      summary:
        'Sign in with email and password; an account with a second factor (or required to set one up) gets a challenge for the second step instead',
    }),
    handler: async (request, reply) => {
      const { email, password } = request.body;
      const checked = await checkPassword(ctx, email, password, request.ip, request.cookies[DEVICE_COOKIE]);
      if ('secondStep' in checked) return checked.secondStep;
      return completeSignIn(ctx, request, reply, checked.staffAccount, undefined, checked.asChecked);
    },
  });

  r.route({
    ...apiRoute(app, 'refreshSession', {
      tags: ['users'],
      summary: 'Rotate the refresh cookie and get a new access token; refused past the idle or absolute limit, never extends them',
    }),
    handler: async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw new HttpError(401, SERVER.unauthorized);
      const result = await renewSession(ctx, presented, deviceOf(request));
      if (!result.ok) {
        clearSessionCookies(reply, cookieSecure);
        if (result.reason === 'unknown') throw new HttpError(401, SERVER.unauthorized);
        if ('reused' in result) request.log.warn('refresh token reuse: session family revoked');
        throw sessionEnded(result.reason);
      }
      const { staffAccount } = result;
      if (!staffAccount) throw sessionEnded('account');
      setSessionCookies(reply, result.refreshToken, cookieSecure, cookieLifetime(result.session, ctx.sessionPolicy.now()));
      return {
        token: await tokens.sign({ id: staffAccount._id, role: staffAccount.role }, result.familyId),
        user: staffAccount,
        session: result.session,
      };
    },
  });

  r.route({
    ...apiRoute(app, 'logout', { tags: ['users'], summary: 'Sign out: revoke the session and clear its cookies' }),
    handler: async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) await revokeByRefreshToken(db, presented);
      // A bearer token also identifies the session, for a client whose cookie is already gone.
      const token = bearerToken(request);
      const claims = token && tokens.verify(token);
      if (claims) await revokeSignedOutFamily(db, claims.sessionFamily);
      clearSessionCookies(reply, cookieSecure);
      return { message: ACCOUNT_ANSWERS.signedOut };
    },
  });
}

/** The signed-in account's own session: who it is and the session's limits. Any staff role. */
export async function sessionRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'getMe', { tags: ['users'], summary: 'The signed-in staff member' }),
    config: { whilePasswordChangeRequired: true },
    // Synchronous: nothing to wait for, and an async handler costs every call a promise and a
    // microtask turn. The response serializer writes the schema's properties only, so the
    // session's own fields that travel on request.user never reach the answer. The access check
    // has already refused a request without a user; the guard keeps it from ever answering `{}`.
    handler: (request) => {
      if (!request.user) throw new HttpError(401, SERVER.unauthorized);
      return request.user;
    },
  });

  r.route({
    ...apiRoute(app, 'getSession', {
      tags: ['users'],
      summary: `The current session's idle limit, absolute end and idle end as recorded; counts as activity unless sent with ${BACKGROUND_HEADER}: ${BACKGROUND_VALUE}`,
    }),
    config: { whilePasswordChangeRequired: true },
    handler: (request) => request.user!.sessionInfo(),
  });

  r.route({
    ...apiRoute(app, 'staySignedIn', {
      tags: ['users'],
      summary: '"Stay signed in": records activity now, whatever the write interval, and answers the session as GET /session does',
    }),
    config: { whilePasswordChangeRequired: true },
    handler: async (request) => {
      const session = await recordPresence(ctx.db, ctx.sessionPolicy, request.user!.sessionFamily);
      // Ended between the check and now (signed out elsewhere in the meantime).
      if (!session) throw sessionEnded('elsewhere');
      return session;
    },
  });
}

/** The signed-in account's devices, and signing out on all of them. Any staff role. */
export async function deviceRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'listSessions', { tags: ['users'], summary: 'Devices where the signed-in account has a live session' }),
    handler: async (request) => listSessions(ctx, request.user!),
  });

  r.route({
    ...apiRoute(app, 'logoutAll', { tags: ['users'], summary: 'Sign the account out on every device, this one included' }),
    config: { whilePasswordChangeRequired: true },
    handler: async (request, reply) => {
      await signOutEverywhere(ctx, request.user!);
      clearSessionCookies(reply, ctx.config.cookieSecure);
      return { message: ACCOUNT_ANSWERS.signedOutEverywhere };
    },
  });
}
