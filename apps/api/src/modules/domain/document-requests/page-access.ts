import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_TOKEN_HEADER } from '@visa/shared/document-requests';
import { LIMITS } from '@visa/shared/limits';
import type { AppContext } from '../../../context.js';
import { HttpError } from '../../../lib/http-error.js';
import { tooManyRequests } from '../../kernel/rate-limits/limiter.js';
import { workingRequest } from './service.js';

const { badTokensPerAddress: BAD_TOKENS, requestsPerAddress: REQUESTS } = LIMITS.documentsPage;

/**
 * Every answer to the applicant's page and its uploads: limited per address, and a token that does
 * not open a working request answers one plain refusal whatever the cause, its attempts limited.
 */
export async function openRequestOf(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
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
