import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { APP_VERSION } from '../../../lib/version.js';
import { checkDatabase } from './service.js';

export default async function healthRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...apiRoute(app, 'health', { tags: ['health'], summary: 'Liveness and database check, with the running version' }),
    handler: async (_request, reply) => {
      try {
        await checkDatabase(ctx.db);
        return { status: 'ok' as const, database: 'ok' as const, version: APP_VERSION };
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'unreachable', version: APP_VERSION });
      }
    },
  });
}
