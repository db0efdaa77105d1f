import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPLICATION_MESSAGES,
  ApplicationExportQuerySchema,
  ApplicationListQuerySchema,
  ApplicationPageSchema,
  ApplicationSchema,
  ApplicationStatsSchema,
  MessageResponseSchema,
  normalizePassport,
} from '@visa/shared/applications';
import { todayIn } from '@visa/shared/dates';
import { ErrorBodySchema } from '@visa/shared/errors';
import { IdParamsSchema, IdSchema } from '@visa/shared/ids';
import type { RouteOptions } from '../../context.js';
import { uploadRoutes } from '../../plugins/uploads.js';
import { readApplicationForm } from './form.js';
import * as service from './service.js';

const AvailabilityQuerySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).default(''),
  passport: z.string().max(40).transform(normalizePassport).default(''),
  exceptId: IdSchema.optional(),
});

/**
 * /api/application/… routes of the applications module (docs/product.md#api-applications), all
 * for signed-in staff; uploads are multipart and read by form.ts with the form's size limits.
 */
export default async function applicationsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
  const uploadErrors = { ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema };
  const tags = ['applications'];

  r.get(
    '/fetchApplication',
    {
      schema: {
        tags,
        summary:
          'A page of applications, newest first; search is a prefix of passport, surname or given name; status narrows to one status',
        querystring: ApplicationListQuerySchema,
        response: { 200: ApplicationPageSchema, ...errors },
      },
    },
    async (request) => service.listApplicationsPage(ctx, request.query),
  );

  // For pages opened without navigation state (a reload of /editApplication or /userView).
  r.get(
    '/fetchApplication/:id',
    {
      schema: { tags, summary: 'One application by id', params: IdParamsSchema, response: { 200: ApplicationSchema, ...errors } },
    },
    async (request) => service.fetchApplication(ctx, request.params.id),
  );

  r.get(
    '/checkAvailability',
    {
      schema: {
        tags,
        summary: 'Whether an email or passport is already used by another application (add/edit form rules 6 and 7)',
        querystring: AvailabilityQuerySchema,
        response: { 200: z.object({ emailTaken: z.boolean(), passportTaken: z.boolean() }), ...errors },
      },
    },
    async (request) => service.checkAvailability(ctx, request.query),
  );

  await uploadRoutes(app, (scope) => {
    const u = scope.withTypeProvider<ZodTypeProvider>();
    u.post(
      '/addApplication',
      {
        schema: {
          tags,
          summary: 'Add an application: multipart with every application field plus image (JPEG or PNG, at most 10 MB)',
          consumes: ['multipart/form-data'],
          response: { 201: ApplicationSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const form = await readApplicationForm(request, service.IMAGE_LIMITS.add);
        const application = await service.addApplication(ctx, request.user!, form);
        return reply.status(201).send(application);
      },
    );

    u.put(
      '/updateApplication/:id',
      {
        schema: {
          tags,
          summary: 'Update an application: multipart with every field and an optional new image (at most 2 MB)',
          consumes: ['multipart/form-data'],
          params: IdParamsSchema,
          response: { 200: ApplicationSchema, ...uploadErrors },
        },
      },
      async (request) => {
        const form = await readApplicationForm(request, service.IMAGE_LIMITS.edit);
        return service.updateApplication(ctx, request.user!, request.params.id, form);
      },
    );
  });

  r.delete(
    '/deleteApplication/:id',
    {
      schema: {
        tags,
        summary: 'Delete an application with its documents and files',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteApplication(ctx, request.user!, request.params.id);
      return { message: APPLICATION_MESSAGES.deleted };
    },
  );

  r.get(
    '/export',
    {
      schema: {
        tags,
        summary: 'The applications matching a search (and a status) as CSV (UTF-8, formula-safe cells)',
        querystring: ApplicationExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const filename = `applications-${todayIn(ctx.config.APP_TIMEZONE)}.csv`;
      const body = Readable.from(service.exportApplicationsCsv(ctx, request.user!, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  r.get(
    '/stats',
    {
      schema: {
        tags,
        summary: 'Dashboard counts: by status, per month, per job title',
        response: { 200: ApplicationStatsSchema, ...errors },
      },
    },
    async () => service.applicationStats(ctx),
  );
}
