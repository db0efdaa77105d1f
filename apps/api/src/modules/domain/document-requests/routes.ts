import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { openRequestOf } from './page-access.js';
import { acceptItem, askAgain } from './review.js';
import { documentsToReview, publicView, revokeRequest, sendRequest, staffView } from './service.js';

/** /api/application/… routes of the document request on an applicant file: for staff of any role, as edits are. */
export default async function documentRequestRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['document requests'];

  r.route({
    ...apiRoute(app, 'getDocumentRequest', {
      tags,
      summary: "The checklist of the application's visa type and its latest document request",
    }),
    handler: async (request) => staffView(ctx, request.params.id),
  });

  r.route({
    ...apiRoute(app, 'sendDocumentRequest', {
      tags,
      summary:
        'Send a document request: the applicant gets a link by email, SMS or WhatsApp as they agreed; an earlier link of the application stops working. The answer names the channels and carries the link this once (never stored, never cached)',
    }),
    handler: async (request, reply) => {
      const sent = await sendRequest(ctx, request.user!, request.params.id, request.body);
      // The link opens the applicant's documents: no cache along the way may keep this answer.
      reply.header('cache-control', 'private, no-store');
      return sent;
    },
  });

  r.route({
    ...apiRoute(app, 'revokeDocumentRequest', { tags, summary: 'Revoke the link of the document request' }),
    handler: async (request) => revokeRequest(ctx, request.user!, request.params.id),
  });

  r.route({
    ...apiRoute(app, 'acceptDocument', { tags, summary: "Accept a received file: it becomes one of the application's documents" }),
    handler: async (request) => acceptItem(ctx, request.user!, request.params.id, request.params.itemId),
  });

  r.route({
    ...apiRoute(app, 'askDocumentAgain', {
      tags,
      summary: 'Ask for a received file again, with a reason the applicant sees; the applicant is emailed',
    }),
    handler: async (request) => askAgain(ctx, request.user!, request.params.id, request.params.itemId, request.body.reason),
  });

  r.route({
    ...apiRoute(app, 'countDocumentsToReview', { tags, summary: 'How many files applicants sent that staff have not reviewed yet' }),
    handler: async () => documentsToReview(ctx),
  });
}

/** GET /api/documents: what the applicant's page shows, for the token in the X-Document-Token header. */
export async function documentsPageRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'getDocumentsPage', {
      tags: ['document requests'],
      summary: "The applicant's document list (token in the X-Document-Token header, never in the URL)",
    }),
    handler: async (request, reply) => publicView(ctx, await openRequestOf(ctx, request, reply)),
  });
}
