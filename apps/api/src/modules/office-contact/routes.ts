import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { type OfficeContact, OfficeContactInputSchema, OfficeContactViewSchema, toOfficeContactView } from '@visa/shared/office-contact';
import type { RouteOptions } from '../../context.js';
import { getSetting } from '../settings/repository.js';
import { saveSetting } from '../settings/service.js';

/**
 * The office's contact details, public: the same for everyone and nothing personal, so caches may
 * keep them for a minute. Served pages get them filled in by the server instead (ADR 0025); this
 * read is for the Settings form and for pages not served by this server (the dev server).
 */
export async function officeContactRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/office-contact',
    {
      schema: {
        tags: ['settings'],
        summary: "The office's address, phone, email, opening hours and map link as the public site shows them (empty text: not set)",
        response: { 200: OfficeContactViewSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return toOfficeContactView(await getSetting(ctx.db, 'officeContact'));
    },
  );
}

/** The owner sets them (super-admins only; their route group checks the role). */
export async function officeContactSettingsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/settings/office-contact',
    {
      schema: {
        tags: ['settings'],
        summary:
          "Set the office's contact details for the public site (super-admins): multi-line address and opening hours with optional Bengali versions, phone (stored in E.164), email, https map link",
        security: [{ bearer: [] }],
        body: OfficeContactInputSchema,
        response: { 200: OfficeContactViewSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const next: OfficeContact = request.body;
      await saveSetting(db, 'officeContact', next, {
        actorUserId: request.user!._id,
        entityId: 'office-contact',
        // The names of the fields that changed: enough to answer "who changed the phone, when".
        details: (before) => ({ changed: (Object.keys(next) as (keyof OfficeContact)[]).filter((key) => before[key] !== next[key]) }),
      });
      return toOfficeContactView(next);
    },
  );
}
