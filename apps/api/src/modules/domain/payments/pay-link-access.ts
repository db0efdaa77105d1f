import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { HttpError } from '../../../lib/http-error.js';
import { bearerToken } from '../../../plugins/auth.js';
import { tooManyRequests } from '../../kernel/rate-limits/limiter.js';
import { type OpenPayLink, openPayLink } from './pay-links.js';

const FIFTEEN_MINUTES_MS = 15 * 60_000;
/** Wrong tokens per address: enough for a mistyped link or two, far too few to guess one. */
const BAD_TOKENS = { limit: 20, windowMs: FIFTEEN_MINUTES_MS };
/** Every call per address: a page reloaded often, and the gateways' starts, stay well within it. */
const REQUESTS = { limit: 300, windowMs: FIFTEEN_MINUTES_MS };

/**
 * Every public call opened by a payment link (the pay page, a gateway's start): limited per
 * address, the token read from the Bearer header only, and a token that opens nothing answers one
 * plain refusal whatever the cause, its attempts limited.
 */
export async function payLinkOf(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<OpenPayLink> {
  const { rateLimiter } = ctx;
  reply.header('cache-control', 'no-store');
  await rateLimiter.hit(rateLimiter.key('pay:ip', { client: request.ip }), REQUESTS.limit, REQUESTS.windowMs);
  const badKey = rateLimiter.key('pay:bad-token:ip', { client: request.ip });
  if ((await rateLimiter.peek(badKey, BAD_TOKENS.windowMs)) >= BAD_TOKENS.limit)
    throw tooManyRequests(Math.ceil(BAD_TOKENS.windowMs / 1000));
  try {
    return await openPayLink(ctx, bearerToken(request));
  } catch (err) {
    if (err instanceof HttpError) await rateLimiter.count(badKey, BAD_TOKENS.windowMs);
    throw err;
  }
}
