import type { ApplicationStatus } from '@visa/shared/constants';
import { BRAND_NAME } from '@visa/shared/constants';
import { DOCUMENT_LINK_WHATSAPP, documentLinkSms } from '@visa/shared/document-link-texts';
import { type MessageSettings, PHONE_CHANNELS, type PhoneChannel, messageLanguage } from '@visa/shared/text-messages';
import type { Db } from '../../db/connection.js';
import { oneLine } from '../notifications/templates.js';
import { getSetting } from '../settings/repository.js';
import type { OutgoingMessage } from '../../infra/text-providers/call.js';
import type { Providers } from '../../infra/text-providers/providers.js';
import { quietUntil } from './quiet-hours.js';
import { dropWaitingLinks, getConsent, queueLinkMessage } from './repository.js';

/**
 * Document-request links by SMS and WhatsApp (ADR 0055). A link is not a status: the applicant is
 * waiting for it, so it goes at once, neither settled nor held by the office's quiet hours; only
 * the night in which the product never sends a text (midnight to eight in the office's zone)
 * holds it until the morning.
 */

const LINK_NIGHT = { start: '00:00', end: '08:00' } as const;

/** When a link due at `now` may go: null at once, else the end of the night. */
export const linkQuietUntil = (now: Date, timeZone: string) => quietUntil(now, timeZone, LINK_NIGHT);

/**
 * Queues the link on each channel the applicant agreed to, the office has on and the server has
 * a provider for; drops any link still waiting for the application first. Called in the request's
 * transaction. Returns the channels queued.
 */
export async function scheduleLinkMessages(
  trx: Db,
  deps: { providers: Providers; now: Date },
  link: { applicationId: string; status: ApplicationStatus; token: string; dueDate: string },
): Promise<PhoneChannel[]> {
  await dropWaitingLinks(trx, link.applicationId, 'link replaced');
  const consent = await getConsent(trx, link.applicationId);
  const settings = await getSetting(trx, 'messages');
  const queued: PhoneChannel[] = [];
  for (const channel of PHONE_CHANNELS) {
    if (!consent.includes(channel) || !settings.channels[channel] || !deps.providers[channel]) continue;
    await queueLinkMessage(trx, {
      applicationId: link.applicationId,
      channel,
      fromStatus: link.status,
      secret: link.token,
      dueDate: link.dueDate,
      dueAt: deps.now,
      now: deps.now,
    });
    queued.push(channel);
  }
  return queued;
}

/** The link as the applicant opens it: the page in their language, the token after `#` so no server log sees it. */
const documentsLink = (publicUrl: string, language: 'en' | 'bn', token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${language === 'bn' ? '/bn' : ''}/documents#${token}`;

/** The text (SMS) or the approved template and its parameters (WhatsApp) carrying the link. */
export function composeLinkMessage(
  settings: Pick<MessageSettings, 'language'>,
  channel: PhoneChannel,
  to: string,
  m: { givenName: string; dueDate: string; token: string; publicUrl: string },
): OutgoingMessage {
  const language = messageLanguage(settings.language, to);
  const values = {
    firstName: oneLine(m.givenName).split(' ')[0] ?? '',
    officeName: BRAND_NAME[language],
    dueDate: m.dueDate,
    link: documentsLink(m.publicUrl, language, m.token),
  };
  if (channel === 'sms') return { to, text: documentLinkSms(language, values) };
  return {
    to,
    text: '',
    template: {
      name: DOCUMENT_LINK_WHATSAPP.name,
      language: DOCUMENT_LINK_WHATSAPP.language[language],
      parameters: DOCUMENT_LINK_WHATSAPP.parameters.map((p) => values[p]),
    },
  };
}
