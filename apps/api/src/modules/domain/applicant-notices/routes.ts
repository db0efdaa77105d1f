import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@visa/shared/audit-actions';
import { toE164 } from '@visa/shared/phone';
import { NOTICE_FORM_TEXTS, noticeLanguage } from '@visa/shared/notices';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { SERVER } from '@visa/shared/ui-texts';
import { HttpError, badRequest, notFound as notFoundError } from '../../../lib/http-error.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { saveSetting } from '../../kernel/settings/service.js';
import { composeStatusNotice, statusNoticeValues } from './texts.js';
import { maskNumber } from '../../../infra/text-providers/call.js';
import { TWILIO_RECEIPT_PATH } from '../../../infra/text-providers/providers.js';
import { applyTwilioReceipt, applyWhatsAppReceipts, sameText, twilioSignature, whatsappSignature } from './receipts.js';
import { countFailedTexts } from './outbox-status.js';

/** Settings → Messages (ADR 0044): super-admins only, as every setting (their route group checks the role). */
export default async function messageSettingsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db, textProviders } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const view = async () => ({
    settings: await getSetting(db, 'messages'),
    available: { sms: textProviders.sms !== null, whatsapp: textProviders.whatsapp !== null },
    smsProvider: textProviders.sms?.kind === 'twilio' ? ('twilio' as const) : textProviders.sms ? ('http' as const) : null,
  });

  r.route({
    ...apiRoute(app, 'getMessageSettings', {
      tags,
      summary: 'Status messages by SMS and WhatsApp: channels, templates, quiet hours, daily limits (super-admins)',
    }),
    handler: view,
  });

  r.route({
    ...apiRoute(app, 'updateMessageSettings', {
      tags,
      summary:
        'Change the status messages (super-admins): templates may use only {firstName} {status} {officeName} {officePhone} {statusLink}; quiet hours must cover 00:00–08:00; a channel without a provider cannot be turned on',
    }),
    handler: async (request) => {
      const next = request.body;
      for (const channel of ['sms', 'whatsapp'] as const) {
        if (next.channels[channel] && !textProviders[channel]) {
          throw badRequest(NOTICE_FORM_TEXTS.channelUnavailable, [
            { path: `channels.${channel}`, message: NOTICE_FORM_TEXTS.channelUnavailable },
          ]);
        }
      }
      await saveSetting(db, 'messages', next, {
        actorUserId: request.user!._id,
        entityId: 'messages',
        details: (before) => ({
          changed: (Object.keys(next) as (keyof typeof next)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(next[key])),
        }),
      });
      return view();
    },
  });

  r.route({
    ...apiRoute(app, 'sendTestMessage', {
      tags,
      summary: "Send a test status message to a number through the channel's provider and show its answer (super-admins)",
    }),
    handler: async (request) => {
      const { channel, status } = request.body;
      const to = toE164(request.body.to);
      if (!to) throw badRequest(NOTICE_FORM_TEXTS.invalidTestNumber, [{ path: 'to', message: NOTICE_FORM_TEXTS.invalidTestNumber }]);
      const provider = textProviders[channel];
      if (!provider)
        throw badRequest(NOTICE_FORM_TEXTS.channelUnavailable, [{ path: 'channel', message: NOTICE_FORM_TEXTS.channelUnavailable }]);
      const settings = await getSetting(db, 'messages');
      const office = await getSetting(db, 'officeContact');
      const language = noticeLanguage(settings.language, to);
      const values = statusNoticeValues(
        { givenName: request.user!.name, status, language },
        { phone: office.phone, publicUrl: ctx.config.publicUrl },
      );
      const outcome = await provider.send(composeStatusNotice(settings, channel, to, values, status));
      await recordAudit(db, {
        actorUserId: request.user!._id,
        action: AUDIT_ACTIONS.textMessage.test,
        entity: 'settings',
        entityId: 'messages',
        details: { channel, provider: provider.kind, to: maskNumber(to), ok: outcome.ok, answer: outcome.answer },
      });
      return { ok: outcome.ok, answer: outcome.answer, providerId: outcome.ok ? outcome.providerId : null };
    },
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
    handler: async () => ({ failed: await countFailedTexts(ctx.db) }),
  });
}

const RECEIPT_BODY_LIMIT = 64 * 1024;
const forbidden = () => new HttpError(403, SERVER.forbidden);

/**
 * Delivery receipts from the providers (ADR 0045): public URLs, each request believed only with
 * its provider's signature. A provider that is not configured has no receipts URL (404).
 */
export async function receiptRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { config, db } = ctx;
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
      if (config.SMS_PROVIDER !== 'twilio') throw notFoundError();
      const params = Object.fromEntries(new URLSearchParams(request.body));
      const signature = request.headers['x-twilio-signature'];
      const expected = twilioSignature(config.TWILIO_AUTH_TOKEN!, `${config.publicUrl}${TWILIO_RECEIPT_PATH}`, params);
      if (typeof signature !== 'string' || !sameText(signature, expected)) throw forbidden();
      await applyTwilioReceipt(db, params);
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...apiRoute(app, 'whatsappVerify', {
      tags,
      summary: "The WhatsApp webhook's verification: answers hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN",
    }),
    handler: async (request, reply) => {
      if (!config.WHATSAPP_VERIFY_TOKEN) throw notFoundError();
      const q = request.query;
      const token = q['hub.verify_token'];
      if (q['hub.mode'] !== 'subscribe' || token === undefined || !sameText(token, config.WHATSAPP_VERIFY_TOKEN)) throw forbidden();
      return reply.type('text/plain').send(q['hub.challenge'] ?? '');
    },
  });

  r.route({
    ...apiRoute(app, 'whatsappReceipt', {
      tags,
      summary: "The WhatsApp webhook's message statuses (JSON, checked by X-Hub-Signature-256 with WHATSAPP_APP_SECRET)",
    }),
    handler: async (request) => {
      if (!config.WHATSAPP_APP_SECRET) throw notFoundError();
      const signature = request.headers['x-hub-signature-256'];
      if (typeof signature !== 'string' || !sameText(signature, whatsappSignature(config.WHATSAPP_APP_SECRET, request.body))) {
        throw forbidden();
      }
      let payload: unknown;
      try {
        payload = JSON.parse(request.body);
      } catch {
        throw badRequest(SERVER.invalidInput);
      }
      return { applied: await applyWhatsAppReceipts(db, payload) };
    },
  });
}
