import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { payLinkOf } from './pay-link-access.js';
import { payPage, sendPayLink } from './pay-links.js';

const tags = ['money'];

/** POST /api/application/money/:id/pay-links: staff of any role send a payment link (ADR 0091). */
export async function payLinkRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'sendPayLink', {
      tags,
      summary: 'Send the applicant a link to pay what is due online, by the channels they agreed to; an earlier link stops working',
      description:
        'Answers {expiresAt, channels}; the link itself goes only to the applicant. 409 when nothing is due or the applicant was ' +
        'erased or withdrew consent; 400 when no channel can carry it.',
    }),
    handler: async (request) => sendPayLink(ctx, request.user!, request.params.id),
  });
}

/** GET /api/pay: what the pay page shows, for the link's token in the Authorization header (Bearer). */
export async function payPageRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'getPayPage', {
      tags,
      summary: "The pay page's first name, amount due, office and gateways (the link's token as a Bearer header, never in the URL)",
    }),
    handler: async (request, reply) => payPage(ctx, await payLinkOf(ctx, request, reply)),
  });
}

/** The pay page in either language, with or without its trailing slash or file name: never kept by a cache (as /documents). */
export const isPayPagePath = (path: string) => /^(\/bn)?\/pay(\/|\/index\.html)?$/.test(path);
