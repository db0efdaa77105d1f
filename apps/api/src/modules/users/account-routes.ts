import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { ProfileInputSchema, StaffSessionListSchema, UserSchema } from '@visa/shared/users';
import type { RouteOptions } from '../../context.js';
import * as service from './service.js';
import { clearSessionCookies } from './sessions.js';

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
    async (request) => {
      const { sessionFamily: _family, ...user } = request.user!;
      return user;
    },
  );

  r.post(
    '/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the signed-in name and password; other sessions are signed out',
        security,
        body: ProfileInputSchema,
        response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => service.updateProfile(ctx, request.user!, request.body),
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
