import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { checkStatus } from './service.js';

/** /api/application/fetchApplicationEnquiry: the public status check (docs/product.md#api-status-check), GET or POST. */
export default async function statusCheckRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'checkStatus', {
      tags: ['enquiry'],
      summary: 'Public status check: exact passport, nationality and date of birth; a miss is an empty list',
      description:
        'A hit answers the applicant copy with, beside the status, the stage in the office’s words in English and ' +
        'Bangla (`stage`) and what an open biometrics, medical or passport letter is waiting on the applicant to do and ' +
        'by when (`waiting`, else null). No IRCC number, note or staff name.',
    }),
    handler: async (request, reply) => {
      // Personal data: no browser or proxy may keep a copy.
      reply.header('cache-control', 'no-store');
      return checkStatus(ctx, request.query, request.ip);
    },
  });

  // The same check with the inputs in the body (ADR 0037): what the public pages send, so a passport,
  // a nationality and a date of birth are in no address (history, proxies' logs). The GET stays for
  // the callers that use it.
  r.route({
    ...apiRoute(app, 'checkStatusByPost', {
      tags: ['enquiry'],
      summary: 'The public status check with its inputs in a JSON body, kept out of every address',
      description:
        'A hit answers the applicant copy with, beside the status, the stage in the office’s words in English and ' +
        'Bangla (`stage`) and what an open biometrics, medical or passport letter is waiting on the applicant to do and ' +
        'by when (`waiting`, else null). No IRCC number, note or staff name.',
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkStatus(ctx, request.body, request.ip);
    },
  });
}
