import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { checkReadiness } from './readiness.js';

/** GET /api/ready, the readiness probe; /api/health stays the liveness probe. */
export default async function readyRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const mailFolder = ctx.config.SMTP_URL ? null : dataDirLayout(ctx.config.dataDir).outbox;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...apiRoute(app, 'ready', {
      tags: ['health'],
      summary: 'Readiness: database, migrations, file storage and mail outbox',
      description:
        '200 when this instance can serve traffic. 503 names the failing parts in `failing`: `database` (unreachable), ' +
        '`migrations` (`behind`: the database has not run every migration this version has), `storage` (the file store ' +
        'cannot be reached or written), `mail` (the outbox table or the mail folder cannot take a message). ' +
        'A part that could not be checked because the database is down is `unknown`.',
    }),
    handler: async (_request, reply) => {
      const { readiness, errors } = await checkReadiness({ db: ctx.db, storage: ctx.storage, mailFolder });
      for (const [part, err] of Object.entries(errors)) app.log.warn({ part, err }, 'readiness check failed');
      return reply
        .status(readiness.ok ? 200 : 503)
        .send({ status: readiness.ok ? 'ok' : 'error', ...readiness.parts, ...(readiness.ok ? {} : { failing: readiness.failing }) });
    },
  });
}
