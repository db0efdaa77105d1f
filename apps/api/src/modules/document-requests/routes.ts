import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCUMENT_TOKEN_HEADER } from '@visa/shared/document-requests';
import { LIMITS } from '@visa/shared/limits';
import type { RouteOptions } from '../../context.js';
import { apiRoute } from '../../lib/api-routes.js';
import { HttpError } from '../../lib/http-error.js';
import { tooManyRequests } from '../rate-limits/limiter.js';
import { countToReview } from './repository.js';
import { acceptItem, askAgain } from './review.js';
import { publicView, revokeRequest, sendRequest, staffView, workingRequest } from './service.js';

const { badTokensPerAddress: BAD_TOKENS, requestsPerAddress: REQUESTS } = LIMITS.documentLinks;

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
        'Send a document request: the applicant gets a link by email, SMS or WhatsApp as they agreed; an earlier link of the application stops working',
    }),
    handler: async (request) => sendRequest(ctx, request.user!, request.params.id, request.body),
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
    handler: async () => ({ count: await countToReview(ctx.db) }),
  });
}

/**
 * Every answer to the applicant's page and its uploads: limited per address, and a token that does
 * not open a working request answers one plain refusal whatever the cause, its attempts limited.
 */
export async function openRequestOf(ctx: RouteOptions['ctx'], request: FastifyRequest, reply: FastifyReply) {
  const { rateLimiter } = ctx;
  reply.header('cache-control', 'no-store');
  await rateLimiter.hit(rateLimiter.key('documents:ip', { client: request.ip }), REQUESTS.limit, REQUESTS.windowMs);
  const badKey = rateLimiter.key('documents:bad-token:ip', { client: request.ip });
  if ((await rateLimiter.peek(badKey, BAD_TOKENS.windowMs)) >= BAD_TOKENS.limit)
    throw tooManyRequests(Math.ceil(BAD_TOKENS.windowMs / 1000));
  const header = request.headers[DOCUMENT_TOKEN_HEADER];
  try {
    return await workingRequest(ctx, typeof header === 'string' ? header : undefined);
  } catch (err) {
    if (err instanceof HttpError) await rateLimiter.count(badKey, BAD_TOKENS.windowMs);
    throw err;
  }
}

/** GET /api/documents: what the applicant's page shows, for the token in the X-Document-Token header. */
export async function documentPageRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'getDocumentPage', {
      tags: ['document requests'],
      summary: "The applicant's document list (token in the X-Document-Token header, never in the URL)",
    }),
    handler: async (request, reply) => publicView(ctx, await openRequestOf(ctx, request, reply)),
  });
}
