import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../context.js';
import { dataDirLayout } from '../../infra/data-dir.js';
import { READY_PARTS, checkReadiness } from './readiness.js';

const partState = z.enum(['ok', 'error', 'behind', 'unknown']);
const ReadySchema = z.object({
  status: z.enum(['ok', 'error']),
  database: partState,
  migrations: partState,
  storage: partState,
  mail: partState,
  /** On 503: the parts that failed. */
  failing: z.array(z.enum(READY_PARTS)).optional(),
});

/** GET /api/ready, the readiness probe; /api/health stays the liveness probe. */
export default async function readyRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const mailFolder = ctx.config.SMTP_URL ? null : dataDirLayout(ctx.config.dataDir).outbox;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, migrations, file storage and mail outbox',
        description:
          '200 when this instance can serve traffic. 503 names the failing parts in `failing`: `database` (unreachable), ' +
          '`migrations` (`behind`: the database has not run every migration this version has), `storage` (the file store ' +
          'cannot be reached or written), `mail` (the outbox table or the mail folder cannot take a message). ' +
          'A part that could not be checked because the database is down is `unknown`.',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      const { readiness, errors } = await checkReadiness({ db: ctx.db, storage: ctx.storage, mailFolder });
      for (const [part, err] of Object.entries(errors)) app.log.warn({ part, err }, 'readiness check failed');
      return reply
        .status(readiness.ok ? 200 : 503)
        .send({ status: readiness.ok ? 'ok' : 'error', ...readiness.parts, ...(readiness.ok ? {} : { failing: readiness.failing }) });
    },
  );
}
