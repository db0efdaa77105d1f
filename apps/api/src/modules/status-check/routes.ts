import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EnquiryQuerySchema, EnquiryResponseSchema } from '@visa/shared/enquiry';
import { ErrorBodySchema } from '@visa/shared/errors';
import type { RouteOptions } from '../../context.js';
import { checkStatus } from './service.js';

/** /api/application/fetchApplicationEnquiry: the public status check (docs/product.md#api-status-check). */
export default async function statusCheckRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/fetchApplicationEnquiry',
    {
      schema: {
        tags: ['enquiry'],
        summary: 'Public status check: exact passport, nationality and date of birth; a miss is an empty list',
        querystring: EnquiryQuerySchema,
        response: { 200: EnquiryResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // Personal data: no browser or proxy may keep a copy.
      reply.header('cache-control', 'no-store');
      return checkStatus(ctx, request.query, request.ip);
    },
  );
}
