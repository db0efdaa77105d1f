import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { SERVER } from '@visa/shared/messages';
import { BACKGROUND_HEADER, BACKGROUND_VALUE, SessionInfoSchema } from '@visa/shared/session';
import { ProfileInputSchema, StaffSessionListSchema, UserSchema } from '@visa/shared/users';
import type { RouteOptions } from '../../context.js';
import { HttpError, sessionEnded } from '../../lib/http-error.js';
import * as service from './service.js';
import { clearSessionCookies, recordPresence } from './sessions.js';

/** The signed-in account itself: who it is, its profile, its devices, signing out everywhere. Any staff role. */
export default async function accountRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  r.get(
    '/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in staff member',
        security: [{ bearer: [] }],
        response: { 200: UserSchema, 401: ErrorBodySchema },
      },
    },
    // Synchronous: nothing to wait for, and an async handler costs every call a promise and a
    // microtask turn. The response serializer writes the schema's properties only, so the
    // session's own fields that travel on request.user never reach the answer. The access check
    // has already refused a request without a user; the guard keeps it from ever answering `{}`.
    (request) => {
      if (!request.user) throw new HttpError(401, SERVER.unauthorized);
      return request.user;
    },
  );

  r.get(
    '/session',
    {
      schema: {
        tags: ['users'],
        summary: `The current session's idle limit, absolute end and idle end as recorded; counts as activity unless sent with ${BACKGROUND_HEADER}: ${BACKGROUND_VALUE}`,
        security,
        response: { 200: SessionInfoSchema, 401: ErrorBodySchema },
      },
    },
    (request) => request.user!.sessionInfo(),
  );

  r.post(
    '/session',
    {
      schema: {
        tags: ['users'],
        summary: '"Stay signed in": records activity now, whatever the write interval, and answers the session as GET /session does',
        security,
        response: { 200: SessionInfoSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const session = await recordPresence(ctx.db, ctx.sessionPolicy, request.user!.sessionFamily);
      // Ended between the check and now (signed out elsewhere in the meantime).
      if (!session) throw sessionEnded('elsewhere');
      return session;
    },
  );

  r.post(
    '/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the signed-in name and password, given the current password; other sessions are signed out',
        security,
        body: ProfileInputSchema,
        response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => service.updateProfile(ctx, request.user!, request.body, request.ip),
  );

  r.get(
    '/sessions',
    {
      schema: {
        tags: ['users'],
        summary: 'Devices where the signed-in account has a live session',
        security,
        response: { 200: StaffSessionListSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => service.listSessions(ctx, request.user!),
  );

  r.post(
    '/logout_all',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign the account out on every device, this one included',
        security,
        response: { 200: z.object({ message: z.string() }), 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await service.signOutEverywhere(ctx, request.user!);
      clearSessionCookies(reply, ctx.config.cookieSecure);
      return { message: 'Signed out everywhere' };
    },
  );
}
