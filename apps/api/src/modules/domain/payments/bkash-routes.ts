import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { bkashCallback, startBkashPayment } from './bkash.js';
import { payLinkOf } from './pay-link-access.js';

/** Each address may start this many bKash payments in a quarter of an hour: enough for a family paying several files. */
const STARTS = { limit: 30, windowMs: 15 * 60_000 };

/** Paying a payment link with bKash (ADR 0090): public, the link's token in the Authorization header. */
export async function bkashPayRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'payWithBkash', {
      tags: ['payments'],
      summary: "Start paying a payment link's balance with bKash (the link's token as a bearer header)",
      description:
        'Answers {redirectUrl}, the bKash page to send the payer to. The amount is what the file owes now. 404 when the link ' +
        'does not work (closed, expired, unknown, or nothing left to pay) or bKash is not set up; 502 when bKash would not start the payment.',
    }),
    handler: async (request, reply) => {
      await ctx.rateLimiter.hit(ctx.rateLimiter.key('pay-bkash:ip', { client: request.ip }), STARTS.limit, STARTS.windowMs);
      return startBkashPayment(ctx, await payLinkOf(ctx, request, reply), request.body?.language ?? 'en');
    },
  });
  r.route({
    ...apiRoute(app, 'bkashCallback', {
      tags: ['payments'],
      summary: 'Where bKash sends the payer back (paymentID and status added by bKash)',
      description:
        "A success is executed with bKash and recorded once; the payer is sent to the pay page's result, " +
        '`/pay?result=paid|failed|cancelled|pending` (`/bn/pay…` in Bangla), which names no one.',
    }),
    handler: async (request, reply) => {
      const result = await bkashCallback(ctx, request.query.paymentID, request.query.status);
      const page = request.params.language === 'bn' ? '/bn/pay' : '/pay';
      return reply.header('cache-control', 'no-store').redirect(`${page}?result=${result}`, 303);
    },
  });
}
