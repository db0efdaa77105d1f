import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@visa/shared/applications';
import { ErrorBodySchema } from '@visa/shared/errors';
import { IdParamsSchema } from '@visa/shared/ids';
import {
  ERASURE_MESSAGES,
  EraseApplicationSchema,
  RETENTION_PREVIEW_SHOWN,
  RetentionPreviewSchema,
  RetentionSettingsSchema,
} from '@visa/shared/retention';
import type { AppContext, RouteOptions } from '../../context.js';
import { readSetting, saveSetting } from '../settings/service.js';
import { eraseApplication, previewRetention } from './service.js';

const clock = (ctx: AppContext) => ctx.now?.() ?? new Date();
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The retention windows and the next run's preview in Settings (super-admins; ADR 0052). */
export default async function retentionSettingsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['settings'];

  r.get(
    '/settings/retention',
    {
      schema: {
        tags,
        summary: 'How long finished and untouched applications keep their personal data (super-admins)',
        security,
        response: { 200: RetentionSettingsSchema, ...errors },
      },
    },
    async () => readSetting(ctx.db, 'retention'),
  );

  r.put(
    '/settings/retention',
    {
      schema: {
        tags,
        summary: 'Set the retention windows: months per final state (null: off) and days after a withdrawn consent (super-admins)',
        security,
        body: RetentionSettingsSchema,
        response: { 200: RetentionSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const next = request.body;
      await saveSetting(ctx.db, 'retention', next, { actorUserId: request.user!._id, entityId: 'retention', details: { ...next } });
      return next;
    },
  );

  r.get(
    '/settings/retention/preview',
    {
      schema: {
        tags,
        summary: `What the next retention run would anonymise: the first ${RETENTION_PREVIEW_SHOWN} by expiry with ids, state, rule and the day each expired, and counts of all (super-admins)`,
        security,
        response: { 200: RetentionPreviewSchema, ...errors },
      },
    },
    async () => previewRetention(ctx.db, clock(ctx), RETENTION_PREVIEW_SHOWN),
  );
}

/** Erasing one applicant now (super-admins): the reason and the typed passport number go in the body. */
export async function erasureRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/eraseApplication/:id',
    {
      schema: {
        tags: ['applications'],
        summary:
          "Erase one applicant's personal data now (super-admins): fields blanked, photo and documents removed, kept in the erasure log",
        params: IdParamsSchema,
        body: EraseApplicationSchema,
        response: { 200: MessageResponseSchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const deps = { db: ctx.db, storage: ctx.storage, dataDir: ctx.config.dataDir, backupDir: ctx.config.backupDir, log: request.log };
      await eraseApplication(deps, request.user!._id, request.params.id, request.body, clock(ctx));
      return { message: ERASURE_MESSAGES.erased };
    },
  );
}
