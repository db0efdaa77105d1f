import type { NotifyChannel, PhoneChannel } from '@visa/shared/notices';
import type { Applicant } from './channel-agreements-repository.js';

/**
 * Whether the applicant may be told, and on which channels (ADR 0060): the one place that asks.
 * The same answer is given when a notice is queued and, for a text message, again when it is sent.
 */

/** What can happen to an application that the applicant is told of. */
export type NoticeKind = 'status' | 'documents-added' | 'document-request' | 'ask-again' | 'reminder' | 'pay-link' | 'receipt';

/**
 * The channels each kind of notice may use. Documents added by staff and an item asked for again
 * are told by email only: the second carries the office's free text, which a WhatsApp template
 * cannot, and the applicant already holds the link whose page shows it (ADR 0055).
 */
const CHANNELS_OF: Record<NoticeKind, readonly NotifyChannel[]> = {
  status: ['email', 'sms', 'whatsapp'],
  'documents-added': ['email'],
  'document-request': ['email', 'sms', 'whatsapp'],
  'ask-again': ['email'],
  // A deadline the applicant must meet in person: every channel they agreed to (ADR 0080).
  reminder: ['email', 'sms', 'whatsapp'],
  // A payment link (ADR 0091) goes wherever the applicant agreed, as a document request's does.
  'pay-link': ['email', 'sms', 'whatsapp'],
  // A receipt, with the link to check it: wherever the applicant agreed, as a payment link (ADR 0093).
  receipt: ['email', 'sms', 'whatsapp'],
};

/** The applicant is told nothing at all, on any channel. */
export type Withheld = 'erased' | 'consent withdrawn';

/** Why one channel is not used; the words go into the history of a text message skipped at send time. */
export type Refusal = Withheld | 'no consent' | 'no address' | 'channel off';

/** What the office and the server allow: Settings → Messages' channels, and a configured provider. */
export interface ChannelsOn {
  office: Record<PhoneChannel, boolean>;
  providers: Record<PhoneChannel, boolean>;
}

type Reach = Pick<Applicant, 'erased' | 'withdrawn' | 'agreed' | 'email' | 'phone'>;

/**
 * "May we contact this applicant?" (ADR 0064): null when we may, else why not. Every sender asks
 * here: notify when a notice is queued, the worker again when an email or text message is sent,
 * document-request links, ask-again, the staff actions that would notify (through may-contact.ts),
 * and the `notify` answer of the record (channel-agreements-repository.ts).
 */
export function withheld(applicant: Pick<Applicant, 'erased' | 'withdrawn'>): Withheld | null {
  // An erased applicant has no address left that is theirs; one who withdrew consent is sent nothing more (ADR 0053).
  if (applicant.erased) return 'erased';
  if (applicant.withdrawn) return 'consent withdrawn';
  return null;
}

/** Whether `channel` may carry a notice to this applicant: null when it may, else why not. */
export function refusal(applicant: Reach, channel: NotifyChannel, on: ChannelsOn): Refusal | null {
  const whole = withheld(applicant);
  if (whole) return whole;
  if (!applicant.agreed.includes(channel)) return 'no consent';
  if (!(channel === 'email' ? applicant.email : applicant.phone)) return 'no address';
  // Email has no office switch: every office sends it, through SMTP or the mail folder.
  if (channel !== 'email' && !(on.office[channel] && on.providers[channel])) return 'channel off';
  return null;
}

/** The channels a notice of `kind` goes on, in the order email, SMS, WhatsApp. */
export function decideChannels(applicant: Reach, kind: NoticeKind, on: ChannelsOn): NotifyChannel[] {
  return CHANNELS_OF[kind].filter((channel) => refusal(applicant, channel, on) === null);
}
