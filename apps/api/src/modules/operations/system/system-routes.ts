import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { systemStatus } from './system.js';

/** GET /api/users/settings/system: the System page's figures (super-admins; their route group checks the role). */
export default async function systemRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...apiRoute(app, 'getSystemStatus', {
      tags: ['users'],
      summary: "The server's health for its owner: version, uptime, scheduled jobs, backups, mail, storage, disk, readiness (super-admins)",
    }),
    handler: async () =>
      systemStatus({
        config: ctx.config,
        db: ctx.db,
        storage: ctx.storage,
        now: clockOf(ctx)(),
        uptimeSeconds: process.uptime(),
      }),
  });
}
