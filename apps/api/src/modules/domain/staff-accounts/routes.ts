import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_ANSWERS } from '@visa/shared/ui-texts';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import * as service from './service.js';

/** Staff accounts (docs/product.md#api-users), registered for super-admins only (ADR 0006). */
export default async function staffAccountRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'listStaffAccounts', { tags: ['users'], summary: 'List staff accounts' }),
    handler: async () => service.listStaffAccounts(ctx),
  });

  r.route({
    ...apiRoute(app, 'createStaffAccount', { tags: ['users'], summary: 'Create a staff account (a sub-admin unless role says otherwise)' }),
    handler: async (request, reply) => reply.status(201).send(await service.createStaffAccount(ctx, request.user!, request.body)),
  });

  r.route({
    ...apiRoute(app, 'updateStaffAccount', {
      tags: ['users'],
      summary: "Change a staff account's name and email (and optionally role or password)",
    }),
    handler: async (request) => service.updateStaffAccount(ctx, request.user!, request.params.id, request.body),
  });

  r.route({
    ...apiRoute(app, 'deleteStaffAccount', { tags: ['users'], summary: 'Delete a staff account' }),
    handler: async (request) => {
      await service.deleteStaffAccount(ctx, request.user!, request.params.id);
      return { message: ACCOUNT_ANSWERS.deleted, _id: request.params.id };
    },
  });
}

/** The signed-in account's own profile: any staff role. */
export async function profileRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'updateProfile', {
      tags: ['users'],
      summary: 'Change the signed-in name and password, given the current password; other sessions are signed out',
    }),
    config: { whilePasswordChangeRequired: true },
    handler: async (request) => service.updateProfile(ctx, request.user!, request.body, request.ip),
  });
}
