import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { IdParamsSchema } from '@visa/shared/ids';
import {
  ConsentSchema,
  ConsentSettingSchema,
  PrivacyNoticeInputSchema,
  PrivacyNoticeListSchema,
  PrivacyNoticeSchema,
  PrivacyOverviewSchema,
  WithdrawConsentSchema,
} from '@visa/shared/privacy';
import type { RouteOptions } from '../../context.js';
import { applicantDataZip } from './export.js';
import { getConsent, listNotices, privacyOverview, publishNotice, setConsentRequired, withdrawConsent } from './service.js';

const tags = ['privacy'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * /api/privacy routes any member of staff may call (ADR 0053): the notice in force (the add form
 * names its version), an application's consent, withdrawing it, and the applicant's data as a
 * ZIP: the people who already open the file and its documents are the ones who answer the
 * applicant's request.
 */
export async function privacyStaffRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/notice',
    {
      schema: {
        tags,
        summary: 'The privacy notice in force (null until one is published), the default text, and whether consent is required at intake',
        response: { 200: PrivacyOverviewSchema, 401: ErrorBodySchema },
      },
    },
    async () => privacyOverview(ctx),
  );

  r.get(
    '/consent/:id',
    {
      schema: {
        tags,
        summary: "The application's consent: the notice version agreed to, who recorded it and when, and when it was withdrawn",
        params: IdParamsSchema,
        response: { 200: ConsentSchema, ...errors },
      },
    },
    async (request) => getConsent(ctx, request.params.id),
  );

  r.post(
    '/consent/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Record that the applicant withdrew consent: queued emails and text messages are cancelled and no more are sent',
        params: IdParamsSchema,
        body: WithdrawConsentSchema,
        response: { 200: ConsentSchema, ...errors },
      },
    },
    async (request) => withdrawConsent(ctx, request.user!, request.params.id),
  );

  // Not through the zod type provider: its reply type would only admit the JSON error shapes.
  app.get<{ Params: { id: string } }>(
    '/applicant-data/:id',
    {
      schema: {
        tags,
        summary: "Download this applicant's data",
        description:
          'application/zip, streamed: record.json, history.json, consent.json, the photo and each document named by its label. Limited per member of staff; audited.',
        params: IdParamsSchema,
        response: { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { filename, stream } = await applicantDataZip(ctx, request.user!, request.params.id);
      stream.on('error', (err: unknown) => request.log.error({ err }, 'applicant data: ZIP stopped'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}

/** /api/privacy routes of the super-admin: the notice's versions, publishing the next, and the consent setting. */
export async function privacyOwnerRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/notices',
    {
      schema: {
        tags,
        summary: 'Every published version of the privacy notice, newest first',
        response: { 200: PrivacyNoticeListSchema, ...errors },
      },
    },
    async () => ({ notices: await listNotices(ctx) }),
  );

  r.post(
    '/notices',
    {
      schema: {
        tags,
        summary: 'Publish the next version of the privacy notice (plain text in English and Bengali; a blank line starts a paragraph)',
        body: PrivacyNoticeInputSchema,
        response: { 200: PrivacyNoticeSchema, ...errors },
      },
    },
    async (request) => publishNotice(ctx, request.user!, request.body),
  );

  r.put(
    '/consent-setting',
    {
      schema: {
        tags,
        summary: 'Whether adding an application requires the applicant to agree to the privacy notice in force',
        body: ConsentSettingSchema,
        response: { 200: ConsentSettingSchema, ...errors },
      },
    },
    async (request) => ({ required: await setConsentRequired(ctx, request.user!, request.body.required) }),
  );
}
