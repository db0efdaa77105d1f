import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { calendarOf, createFeed, feedStatus, revokeFeed } from './calendar.js';

const tags = ['case'];

/** /api/users/me/calendar-feed: the signed-in member's own calendar feed address (ADR 0081). */
export async function calendarFeedAccountRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'getCalendarFeed', { tags, summary: 'Whether I have a calendar feed address, and since when (never the address)' }),
    handler: async (request) => feedStatus(ctx, request.user!._id),
  });

  r.route({
    ...apiRoute(app, 'createCalendarFeed', {
      tags,
      summary:
        'Make a new calendar feed address (the one I had stops working); the answer carries it this once (never stored, never cached)',
    }),
    handler: async (request, reply) => {
      const feed = await createFeed(ctx, request.user!._id);
      // The address opens the member's deadlines: no cache along the way may keep this answer.
      reply.header('cache-control', 'private, no-store');
      return feed;
    },
  });

  r.route({
    ...apiRoute(app, 'revokeCalendarFeed', { tags, summary: 'Revoke my calendar feed address' }),
    handler: async (request) => revokeFeed(ctx, request.user!._id),
  });
}

/** GET /api/calendar/<token>.ics: the feed a calendar app subscribes to, the token standing in for a session. */
export async function calendarRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.route<{ Params: { file: string } }>({
    ...apiRoute(app, 'getCalendar', {
      tags,
      summary: "A member's open IRCC letters as all-day events on their deadlines (text/calendar); 404 for an address not live",
      produces: ['text/calendar'],
    }),
    handler: async (request, reply) => {
      const body = await calendarOf(ctx, request.params.file, request.ip);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(body);
    },
  });
}
