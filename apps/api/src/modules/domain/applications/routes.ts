import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { todayIn } from '@visa/shared/dates';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { uploadRoutes } from '../../../plugins/uploads.js';
import { readApplicationForm } from './form.js';
import * as service from './service.js';

/**
 * /api/application/… routes of the applications module (docs/product.md#api-applications), all
 * for signed-in staff; uploads are multipart and read by form.ts with the form's size limits.
 */
export default async function applicationsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['applications'];

  r.route({
    ...apiRoute(app, 'listApplications', {
      tags,
      summary: 'A page of applications, newest first; search is a prefix of passport, surname or given name; status narrows to one status',
    }),
    handler: async (request) => service.listApplicationsPage(ctx, request.query),
  });

  // For pages opened without navigation state (a reload of /editApplication or /userView).
  r.route({
    ...apiRoute(app, 'getApplication', { tags, summary: 'One application by id' }),
    handler: async (request) => service.fetchApplication(ctx, request.params.id),
  });

  r.route({
    ...apiRoute(app, 'checkAvailability', {
      tags,
      summary: 'Whether an email or passport is already used by another application (add/edit form rules 6 and 7)',
    }),
    handler: async (request) => service.checkAvailability(ctx, request.query),
  });

  await uploadRoutes(app, (scope) => {
    const u = scope.withTypeProvider<ZodTypeProvider>();
    u.route({
      ...apiRoute(scope, 'createApplication', {
        tags,
        summary: 'Add an application: multipart with every application field plus image (JPEG or PNG, at most 10 MB)',
        consumes: ['multipart/form-data'],
      }),
      handler: async (request, reply) => {
        const form = await readApplicationForm(request, service.IMAGE_LIMITS.add);
        const application = await service.addApplication(ctx, request.user!, form);
        return reply.status(201).send(application);
      },
    });

    u.route({
      ...apiRoute(scope, 'updateApplication', {
        tags,
        summary: 'Update an application: multipart with every field and an optional new image (at most 2 MB)',
        consumes: ['multipart/form-data'],
      }),
      handler: async (request) => {
        const form = await readApplicationForm(request, service.IMAGE_LIMITS.edit);
        return service.updateApplication(ctx, request.user!, request.params.id, form);
      },
    });
  });

  r.route({
    ...apiRoute(app, 'deleteApplication', { tags, summary: 'Delete an application with its documents and files' }),
    handler: async (request) => {
      await service.deleteApplication(ctx, request.user!, request.params.id);
      return { message: APPLICATION_TEXTS.deleted };
    },
  });

  r.route({
    ...apiRoute(app, 'exportApplications', {
      tags,
      summary: 'The applications matching a search (and a status) as CSV (UTF-8, formula-safe cells)',
      produces: ['text/csv'],
    }),
    handler: async (request, reply) => {
      const filename = `applications-${todayIn(ctx.config.APP_TIMEZONE)}.csv`;
      const body = Readable.from(service.exportApplicationsCsv(ctx, request.user!, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });

  r.route({
    ...apiRoute(app, 'getStats', { tags, summary: 'Dashboard counts: by status, per month, per job title' }),
    handler: async () => service.applicationStats(ctx),
  });
}
