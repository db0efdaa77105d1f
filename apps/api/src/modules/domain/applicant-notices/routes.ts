import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import {
  acceptTwilioReceipt,
  acceptWhatsAppReceipts,
  answerWhatsAppVerification,
  changeNoticeSettings,
  failedTextCount,
  noticeSettingsView,
  sendTestNotice,
} from './service.js';

/** Settings → Messages (ADR 0044): super-admins only, as every setting (their route group checks the role). */
export default async function messageSettingsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  r.route({
    ...apiRoute(app, 'getMessageSettings', {
      tags,
      summary: 'Status messages by SMS and WhatsApp: channels, templates, quiet hours, daily limits (super-admins)',
    }),
    handler: async () => noticeSettingsView(ctx),
  });

  r.route({
    ...apiRoute(app, 'updateMessageSettings', {
      tags,
      summary:
        'Change the status messages (super-admins): templates may use only {firstName} {status} {officeName} {officePhone} {statusLink}; quiet hours must cover 00:00–08:00; a channel without a provider cannot be turned on',
    }),
    handler: async (request) => changeNoticeSettings(ctx, request.user!, request.body),
  });

  r.route({
    ...apiRoute(app, 'sendTestMessage', {
      tags,
      summary: "Send a test status message to a number through the channel's provider and show its answer (super-admins)",
    }),
    handler: async (request) => sendTestNotice(ctx, request.user!, request.body),
  });
}

/** What every member of staff sees on the dashboard: messages given up on, so someone calls instead. */
export async function failedTextMessageRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'countFailedTextMessages', {
      tags: ['applications'],
      summary: 'How many status messages by SMS or WhatsApp failed for good: those applicants need a call',
    }),
    handler: async () => failedTextCount(ctx),
  });
}

const RECEIPT_BODY_LIMIT = 64 * 1024;

/**
 * Delivery receipts from the providers (ADR 0045): public URLs, each request believed only with
 * its provider's signature. A provider that is not configured has no receipts URL (404).
 */
export async function receiptRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  // In this scope only: the raw text is what the signatures are made over.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: RECEIPT_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: RECEIPT_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  r.route({
    ...apiRoute(app, 'twilioReceipt', { tags, summary: "Twilio's status callback for an SMS (form body, checked by X-Twilio-Signature)" }),
    handler: async (request, reply) => {
      await acceptTwilioReceipt(ctx, request.body, request.headers['x-twilio-signature']);
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...apiRoute(app, 'whatsappVerify', {
      tags,
      summary: "The WhatsApp webhook's verification: answers hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN",
    }),
    handler: async (request, reply) => reply.type('text/plain').send(answerWhatsAppVerification(ctx, request.query)),
  });

  r.route({
    ...apiRoute(app, 'whatsappReceipt', {
      tags,
      summary: "The WhatsApp webhook's message statuses (JSON, checked by X-Hub-Signature-256 with WHATSAPP_APP_SECRET)",
    }),
    handler: async (request) => acceptWhatsAppReceipts(ctx, request.body, request.headers['x-hub-signature-256']),
  });
}
