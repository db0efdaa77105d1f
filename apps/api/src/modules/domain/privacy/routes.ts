import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { applicantDataZip } from './export.js';
import {
  getPrivacyConsent,
  listPrivacyNotices,
  privacyOverview,
  publishPrivacyNotice,
  setPrivacyConsentRequired,
  withdrawPrivacyConsent,
} from './service.js';

const tags = ['privacy'];

/**
 * /api/privacy routes any member of staff may call (ADR 0053): the notice in force (the add form
 * names its version), an application's consent, withdrawing it, and the applicant's data as a
 * ZIP: the people who already open the file and its documents are the ones who answer the
 * applicant's request.
 */
export async function privacyStaffRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'getPrivacyOverview', {
      tags,
      summary: 'The privacy notice in force (null until one is published), the default text, and whether consent is required at intake',
    }),
    handler: async () => privacyOverview(ctx),
  });

  r.route({
    ...apiRoute(app, 'getPrivacyConsent', {
      tags,
      summary: "The application's consent: the notice version agreed to, who recorded it and when, and when it was withdrawn",
    }),
    handler: async (request) => getPrivacyConsent(ctx, request.params.id),
  });

  r.route({
    ...apiRoute(app, 'withdrawPrivacyConsent', {
      tags,
      summary: 'Record that the applicant withdrew consent: queued emails and text messages are cancelled and no more are sent',
    }),
    handler: async (request) => withdrawPrivacyConsent(ctx, request.user!, request.params.id),
  });

  // Not through the zod type provider: its reply type would only admit the JSON error shapes.
  app.route<{ Params: { id: string } }>({
    ...apiRoute(app, 'downloadApplicantData', {
      tags,
      summary: "Download this applicant's data",
      description:
        'application/zip, streamed: record.json, history.json, consent.json, the photo and each document named by its label. Limited per member of staff; audited.',
    }),
    handler: async (request, reply) => {
      const { filename, stream } = await applicantDataZip(ctx, request.user!, request.params.id);
      stream.on('error', (err: unknown) => request.log.error({ err }, 'applicant data: ZIP stopped'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}

/** /api/privacy routes of the super-admin: the notice's versions, publishing the next, and the consent setting. */
export async function privacyOwnerRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'listPrivacyNotices', { tags, summary: 'Every published version of the privacy notice, newest first' }),
    handler: async () => ({ notices: await listPrivacyNotices(ctx) }),
  });

  r.route({
    ...apiRoute(app, 'publishPrivacyNotice', {
      tags,
      summary: 'Publish the next version of the privacy notice (plain text in English and Bengali; a blank line starts a paragraph)',
    }),
    handler: async (request) => publishPrivacyNotice(ctx, request.user!, request.body),
  });

  r.route({
    ...apiRoute(app, 'setPrivacyConsentRequired', {
      tags,
      summary: 'Whether adding an application requires the applicant to agree to the privacy notice in force',
    }),
    handler: async (request) => ({ required: await setPrivacyConsentRequired(ctx, request.user!, request.body.required) }),
  });
}
