import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { IdParamsSchema } from '@visa/shared/ids';
import { ACCOUNT_ANSWERS } from '@visa/shared/messages';
import { AddUserInputSchema, ProfileInputSchema, UpdateUserInputSchema, UserListSchema, UserSchema } from '@visa/shared/users';
import type { RouteOptions } from '../../context.js';
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
    async () => service.listStaffAccounts(ctx),
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
    async (request, reply) => reply.status(201).send(await service.createStaffAccount(ctx, request.user!, request.body)),
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
    async (request) => service.updateStaffAccount(ctx, request.user!, request.params.id, request.body),
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
      await service.deleteStaffAccount(ctx, request.user!, request.params.id);
      return { message: ACCOUNT_ANSWERS.deleted, _id: request.params.id };
    },
  );
}

/** The signed-in account's own profile: any staff role. */
export async function profileRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/profile',
    {
      config: { whilePasswordChangeRequired: true },
      schema: {
        tags: ['users'],
        summary: 'Change the signed-in name and password, given the current password; other sessions are signed out',
        security: [{ bearer: [] }],
        body: ProfileInputSchema,
        response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => service.updateProfile(ctx, request.user!, request.body, request.ip),
  );
}
