import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERASURE_TEXTS, RETENTION_PREVIEW_SHOWN } from '@visa/shared/retention';
import type { AppContext, RouteOptions } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { readSetting, saveSetting } from '../../kernel/settings/service.js';
import { eraseApplication, previewRetention } from './service.js';

const clock = (ctx: AppContext) => clockOf(ctx)();

/** The retention windows and the next run's preview in Settings (super-admins; ADR 0052). */
export default async function retentionSettingsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  r.route({
    ...apiRoute(app, 'getRetentionSettings', {
      tags,
      summary: 'How long finished and untouched applications keep their personal data (super-admins)',
    }),
    handler: async () => readSetting(ctx.db, 'retention'),
  });

  r.route({
    ...apiRoute(app, 'updateRetentionSettings', {
      tags,
      summary: 'Set the retention windows: months per final state (null: off) and days after a withdrawn consent (super-admins)',
    }),
    handler: async (request) => {
      const next = request.body;
      await saveSetting(ctx.db, 'retention', next, { actorUserId: request.user!._id, entityId: 'retention', details: { ...next } });
      return next;
    },
  });

  r.route({
    ...apiRoute(app, 'previewRetention', {
      tags,
      summary: `What the next retention run would anonymise: the first ${RETENTION_PREVIEW_SHOWN} by expiry with ids, state, rule and the day each expired, and counts of all (super-admins)`,
    }),
    handler: async () => previewRetention(ctx.db, clock(ctx), RETENTION_PREVIEW_SHOWN),
  });
}

/** Erasing one applicant now (super-admins): the reason and the typed passport number go in the body. */
export async function erasureRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'eraseApplication', {
      tags: ['applications'],
      summary:
        "Erase one applicant's personal data now (super-admins): fields blanked, photo and documents removed, kept in the erasure log",
    }),
    handler: async (request) => {
      const deps = { db: ctx.db, storage: ctx.storage, dataDir: ctx.config.dataDir, backupDir: ctx.config.backupDir, log: request.log };
      await eraseApplication(deps, request.user!._id, request.params.id, request.body, clock(ctx));
      return { message: ERASURE_TEXTS.erased };
    },
  });
}
