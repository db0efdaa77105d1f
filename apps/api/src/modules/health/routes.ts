import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../context.js';
import { APP_VERSION } from '../../lib/version.js';
import { checkDatabase } from './service.js';

export default async function healthRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check, with the running version',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() }),
          503: z.object({ status: z.string(), database: z.string(), version: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await checkDatabase(ctx.db);
        return { status: 'ok' as const, database: 'ok' as const, version: APP_VERSION };
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'unreachable', version: APP_VERSION });
      }
    },
  );
}
