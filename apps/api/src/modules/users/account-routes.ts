import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { ProfileInputSchema, StaffSessionListSchema, UserSchema } from '@visa/shared/users';
import type { Db } from '../../db/connection.js';
import * as service from './service.js';
import { clearSessionCookies } from './sessions.js';

/** The signed-in account itself: profile, its devices, signing out everywhere. Any staff role. */
export default async function accountRoutes(app: FastifyInstance, opts: { db: Db; cookieSecure: boolean }) {
  const { db, cookieSecure } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  r.post(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Change the signed-in name and password; other sessions are signed out',
        security,
        body: ProfileInputSchema,
        response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => service.updateProfile(db, request.user!, request.body),
  );

  r.get(
    '/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Devices where the signed-in account has a live session',
        security,
        response: { 200: StaffSessionListSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => service.listSessions(db, request.user!),
  );

  r.post(
    '/logout_all',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Sign the account out on every device, this one included',
        security,
        response: { 200: z.object({ message: z.string() }), 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await service.signOutEverywhere(db, request.user!);
      clearSessionCookies(reply, cookieSecure);
      return { message: 'Signed out everywhere' };
    },
  );
}
