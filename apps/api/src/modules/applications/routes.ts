import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApplicationSchema } from '@visa/shared/applications';
import { ErrorBodySchema } from '@visa/shared/errors';
import { IdParamsSchema } from '@visa/shared/ids';
import type { AppDeps } from '../../app.js';
import { notFound } from '../../lib/http-error.js';
import { getApplication } from './repository.js';

/** /api/application/… routes of the applications module. */
export default async function applicationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

  // For pages opened without navigation state (a reload of /editApplication or /userView).
  r.get(
    '/fetchApplication/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'One application by id',
        params: IdParamsSchema,
        response: { 200: ApplicationSchema, ...errors },
      },
    },
    async (request) => {
      const application = await getApplication(deps.db, app.urls, request.params.id);
      if (!application) throw notFound();
      return application;
    },
  );
}
