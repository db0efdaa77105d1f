import type { z } from 'zod';
import { AUDIT_ACTIONS } from '@visa/shared/audit-actions';
import { toE164 } from '@visa/shared/phone';
import { CONTACT_TEXTS, type MessageSettings, NOTICE_FORM_TEXTS, type TestMessageInputSchema, noticeLanguage } from '@visa/shared/notices';
import { SERVER } from '@visa/shared/ui-texts';
import type { AppContext } from '../../../context.js';
import { HttpError, badRequest, notFound } from '../../../lib/http-error.js';
import type { Actor } from '../../../plugins/auth.js';
import { maskNumber } from '../../../infra/text-providers/call.js';
import { statusCheckUrl } from '../../../lib/public-links.js';
import { TWILIO_RECEIPT_PATH } from '../../../infra/text-providers/providers.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { saveSetting } from '../../kernel/settings/service.js';
import { isWithdrawnNumber } from './channel-agreements-repository.js';
import { countFailedTexts } from './outbox-status-repository.js';
import { applyTwilioReceipt, applyWhatsAppReceipts, sameText, twilioSignature, whatsappSignature } from './receipts.js';
import { composeStatusNotice, statusNoticeValues } from './texts.js';

/**
 * Settings → Messages as the page shows it: the settings, which channels have a provider, and the
 * office's phone and status-check address the texts are filled with, so the preview reads as sent.
 */
export async function noticeSettingsView(ctx: AppContext) {
  const { textProviders } = ctx;
  const [settings, office] = await Promise.all([getSetting(ctx.db, 'messages'), getSetting(ctx.db, 'officeContact')]);
  return {
    settings,
    available: { sms: textProviders.sms !== null, whatsapp: textProviders.whatsapp !== null },
    smsProvider: textProviders.sms?.kind === 'twilio' ? ('twilio' as const) : textProviders.sms ? ('http' as const) : null,
    office: { phone: office.phone, statusLink: statusCheckUrl(ctx.config.publicUrl) },
  };
}

const channelUnavailable = (path: string) =>
  badRequest(NOTICE_FORM_TEXTS.channelUnavailable, [{ path, message: NOTICE_FORM_TEXTS.channelUnavailable }]);

/**
 * Saves Settings → Messages (ADR 0044): a channel without a provider cannot be turned on, nor one
 * while the office phone the texts give is not set (ADR 0070). A channel already on stays editable
 * when the phone is removed later: its texts then leave out the sentences that name the phone.
 */
export async function changeNoticeSettings(ctx: AppContext, actor: Actor, next: MessageSettings) {
  for (const channel of ['sms', 'whatsapp'] as const) {
    if (next.channels[channel] && !ctx.textProviders[channel]) throw channelUnavailable(`channels.${channel}`);
  }
  const [before, office] = await Promise.all([getSetting(ctx.db, 'messages'), getSetting(ctx.db, 'officeContact')]);
  const turnedOn = (['sms', 'whatsapp'] as const).find((channel) => next.channels[channel] && !before.channels[channel]);
  if (turnedOn && office.phone === '') {
    throw badRequest(NOTICE_FORM_TEXTS.officePhoneMissing, [
      { path: `channels.${turnedOn}`, message: NOTICE_FORM_TEXTS.officePhoneMissing },
    ]);
  }
  await saveSetting(ctx.db, 'messages', next, {
    actorUserId: actor._id,
    entityId: 'messages',
    details: (before) => ({
      changed: (Object.keys(next) as (keyof typeof next)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(next[key])),
    }),
  });
  return noticeSettingsView(ctx);
}

/**
 * A test status message to a number, sent now through the channel's provider, bypassing the
 * outbox: it is no notice to an applicant, and the office wants the provider's answer on screen.
 */
export async function sendTestNotice(ctx: AppContext, actor: Actor & { name: string }, input: z.infer<typeof TestMessageInputSchema>) {
  const { channel, status } = input;
  const to = toE164(input.to);
  if (!to) throw badRequest(NOTICE_FORM_TEXTS.invalidTestNumber, [{ path: 'to', message: NOTICE_FORM_TEXTS.invalidTestNumber }]);
  const provider = ctx.textProviders[channel];
  if (!provider) throw channelUnavailable('channel');
  if (await isWithdrawnNumber(ctx.db, to)) throw new HttpError(409, CONTACT_TEXTS.testNumberWithheld);
  const settings = await getSetting(ctx.db, 'messages');
  const office = await getSetting(ctx.db, 'officeContact');
  const language = noticeLanguage(settings.language, to);
  const values = statusNoticeValues({ givenName: actor.name, status, language }, { phone: office.phone, publicUrl: ctx.config.publicUrl });
  const outcome = await provider.send(composeStatusNotice(settings, channel, to, values, status));
  await recordAudit(ctx.db, {
    actorUserId: actor._id,
    action: AUDIT_ACTIONS.textMessage.test,
    entity: 'settings',
    entityId: 'messages',
    details: { channel, provider: provider.kind, to: maskNumber(to), ok: outcome.ok, answer: outcome.answer },
  });
  return { ok: outcome.ok, answer: outcome.answer, providerId: outcome.ok ? outcome.providerId : null };
}

/** Text messages given up on, so that someone calls those applicants instead. */
export const failedTextCount = async (ctx: AppContext) => ({ failed: await countFailedTexts(ctx.db) });

const forbidden = () => new HttpError(403, SERVER.forbidden);

/**
 * Twilio's status callback (ADR 0045), believed only with its signature over the public URL. A
 * provider that is not configured has no receipts URL (404).
 */
export async function acceptTwilioReceipt(ctx: AppContext, rawBody: string, signature: unknown): Promise<void> {
  const { config } = ctx;
  if (config.SMS_PROVIDER !== 'twilio') throw notFound();
  const params = Object.fromEntries(new URLSearchParams(rawBody));
  const expected = twilioSignature(config.TWILIO_AUTH_TOKEN!, `${config.publicUrl}${TWILIO_RECEIPT_PATH}`, params);
  if (typeof signature !== 'string' || !sameText(signature, expected)) throw forbidden();
  await applyTwilioReceipt(ctx.db, params);
}

/** The WhatsApp webhook's verification: its challenge, answered only for our verify token. */
export function answerWhatsAppVerification(ctx: AppContext, query: Record<string, string | undefined>): string {
  const { WHATSAPP_VERIFY_TOKEN } = ctx.config;
  if (!WHATSAPP_VERIFY_TOKEN) throw notFound();
  const token = query['hub.verify_token'];
  if (query['hub.mode'] !== 'subscribe' || token === undefined || !sameText(token, WHATSAPP_VERIFY_TOKEN)) throw forbidden();
  return query['hub.challenge'] ?? '';
}

/** The WhatsApp webhook's message statuses, believed only with the app secret's signature over the raw body. */
export async function acceptWhatsAppReceipts(ctx: AppContext, rawBody: string, signature: unknown): Promise<{ applied: number }> {
  const { WHATSAPP_APP_SECRET } = ctx.config;
  if (!WHATSAPP_APP_SECRET) throw notFound();
  if (typeof signature !== 'string' || !sameText(signature, whatsappSignature(WHATSAPP_APP_SECRET, rawBody))) throw forbidden();
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    throw badRequest(SERVER.invalidInput);
  }
  return { applied: await applyWhatsAppReceipts(ctx.db, payload) };
}
