import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { checkReadiness } from './readiness.js';

/** GET /api/ready, the readiness probe; /api/health stays the liveness probe. */
export default async function readyRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const mailFolder = ctx.config.SMTP_URL ? null : dataDirLayout(ctx.config.dataDir).outbox;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...apiRoute(app, 'ready', {
      tags: ['health'],
      summary: 'Readiness: database, migrations, file storage, disk, mail outbox and the queues',
      description:
        '200 when this instance can serve traffic: `status` is `ok`, or `degraded` with the parts that need attention in ' +
        '`lagging`. 503 names the failing parts in `failing`: `database` (unreachable), `migrations` (`behind`: the ' +
        'database has not run every migration this version has), `storage` (the file store cannot be reached or written), ' +
        '`disk` (`full`: DATA_DIR refuses a write), `mail` (the outbox table or the mail folder cannot take a message). ' +
        'Reported without a 503: `disk` `low` (under READY_DISK_MIN_FREE_MB free), `mailQueue` and `textQueue` `behind` ' +
        '(a message due, or failing, for longer than READY_OUTBOX_LATE_MINUTES: its SMTP server or provider is away). ' +
        'A part that could not be checked because the database is down is `unknown`. No body names a host, an address or a message.',
    }),
    handler: async (_request, reply) => {
      const { readiness, errors } = await checkReadiness({
        db: ctx.db,
        storage: ctx.storage,
        mailFolder,
        dataDir: ctx.config.dataDir,
        minFreeBytes: ctx.config.READY_DISK_MIN_FREE_MB * 1024 * 1024,
        lateAfterMs: ctx.config.READY_OUTBOX_LATE_MINUTES * 60_000,
        now: clockOf(ctx)(),
      });
      for (const [part, err] of Object.entries(errors)) app.log.warn({ part, err }, 'readiness check failed');
      const status = !readiness.ok ? 'error' : readiness.lagging.length > 0 ? 'degraded' : 'ok';
      return reply.status(readiness.ok ? 200 : 503).send({
        status,
        ...readiness.parts,
        ...(readiness.ok ? {} : { failing: readiness.failing }),
        ...(readiness.lagging.length > 0 ? { lagging: readiness.lagging } : {}),
      });
    },
  });
}
