import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { IdParamsSchema } from '@visa/shared/ids';
import { AddUserInputSchema, UpdateUserInputSchema, UserListSchema, UserSchema } from '@visa/shared/users';
import type { RouteOptions } from '../../context.js';
import { listUsers } from './repository.js';
import * as service from './service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Staff accounts (docs/product.md#api-users), registered for super-admins only (ADR 0006). */
export default async function staffAccountRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  r.get(
    '/get_users',
    {
      schema: { tags: ['users'], summary: 'List staff accounts', security, response: { 200: UserListSchema, ...errors } },
    },
    async () => listUsers(ctx.db),
  );

  r.post(
    '/add_user',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a staff account (a sub-admin unless role says otherwise)',
        security,
        body: AddUserInputSchema,
        response: { 201: UserSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createStaff(ctx, request.user!, request.body)),
  );

  r.put(
    '/update_user/:id',
    {
      schema: {
        tags: ['users'],
        summary: "Change a staff account's name and email (and optionally role or password)",
        security,
        params: IdParamsSchema,
        body: UpdateUserInputSchema,
        response: { 200: UserSchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => service.updateStaff(ctx, request.user!, request.params.id, request.body),
  );

  r.delete(
    '/delete_user/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete a staff account',
        security,
        params: IdParamsSchema,
        response: { 200: z.object({ message: z.string(), _id: z.string() }), ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      await service.deleteStaff(ctx, request.user!, request.params.id);
      return { message: 'Deleted', _id: request.params.id };
    },
  );
}
