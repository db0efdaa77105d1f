import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@visa/shared/api-paths';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { payLinkOf } from './pay-link-access.js';
import { acceptSslcommerzIpn, payPageAddress, returnFromSslcommerz, startSslcommerz } from './sslcommerz.js';

/** Starts per address: a payer tries a few times; more is someone trying tokens. */
const STARTS = { limit: 20, windowMs: 15 * 60_000 };
const FORM_LIMIT = 32 * 1024;

/**
 * SSLCommerz posts the payer's return and its IPN from its own pages and servers, with no XSRF
 * cookie: they are believed by SSLCommerz's signature and its validation API instead (ADR 0089).
 */
export const isSslcommerzCallbackPath = (path: string) =>
  path.toLowerCase().startsWith(`${API_PATHS.sslcommerzIpn.path.replace('/ipn', '')}/`);

/** Paying a payment link through SSLCommerz: public, the link's token in the Authorization header (ADR 0089). */
export async function sslcommerzRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['money'];
  // In this scope only: SSLCommerz posts forms, and every field is read as text.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  r.route({
    ...apiRoute(app, 'startSslcommerzPayment', {
      tags,
      summary: "Start paying a payment link through SSLCommerz; answers SSLCommerz's payment page",
      description:
        'The payment link\'s token as `Authorization: Bearer …`, JSON {language: "en"|"bn"}. Starts an attempt for what is due ' +
        '(404 when the link does not work — unknown, expired, replaced, or nothing left to pay — or SSLCommerz is not set up; 502 when SSLCommerz refused or did not answer).',
    }),
    handler: async (request, reply) => {
      await ctx.rateLimiter.hit(ctx.rateLimiter.key('sslcommerz:start:ip', { client: request.ip }), STARTS.limit, STARTS.windowMs);
      return startSslcommerz(ctx, await payLinkOf(ctx, request, reply), request.body?.language ?? 'en');
    },
  });

  r.route({
    ...apiRoute(app, 'sslcommerzReturn', {
      tags,
      summary: "The payer's browser back from SSLCommerz (its form post); redirects to the pay page's result",
      consumes: ['application/x-www-form-urlencoded'],
    }),
    handler: async (request, reply) => {
      const result = await returnFromSslcommerz(ctx, request.params.outcome, request.body);
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('location', payPageAddress(ctx, request.query.lang, result))
        .send(null);
    },
  });

  r.route({
    ...apiRoute(app, 'sslcommerzIpn', {
      tags,
      summary: "SSLCommerz's payment notification (IPN), checked by its signature and the validation API",
      consumes: ['application/x-www-form-urlencoded'],
    }),
    handler: async (request) => {
      await acceptSslcommerzIpn(ctx, request.body);
      return { received: true };
    },
  });
}
