import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toOfficeContactView } from '@visa/shared/office-contact';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { readSetting } from '../../kernel/settings/service.js';

/**
 * The office's contact details, public: the same for everyone and nothing personal, so caches may
 * keep them for a minute. Served pages get them filled in by the server instead (ADR 0025); this
 * read is for the Settings form and for pages not served by this server (the dev server).
 */
export async function officeContactRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'getOfficeContact', {
      tags: ['settings'],
      summary: "The office's address, phone, email, opening hours and map link as the public site shows them (empty text: not set)",
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return toOfficeContactView(await readSetting(ctx.db, 'officeContact'));
    },
  });
}
