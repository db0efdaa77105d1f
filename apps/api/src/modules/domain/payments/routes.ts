import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { refund } from './refunds.js';

/** Refunds: the owner's (ADR 0084). */
export async function refundRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'refundLedgerPayment', {
      tags: ['money'],
      summary: 'Refund part or all of a payment (super-admins)',
      description:
        'JSON {amountMinor, reason, method?}. At most what is left of the payment. A payment taken at the office needs the ' +
        'method the money goes back by; one paid through SSLCommerz or bKash goes back through its refund API, and is ' +
        'recorded only once the gateway accepted it (502 with its words when it did not).',
    }),
    handler: async (request) => refund(ctx, request.user!, request.params.id, request.params.entryId, request.body),
  });
}
