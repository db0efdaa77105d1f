import { AUDIT_ACTIONS as A } from '@visa/shared/audit-actions';

const CHANNELS: Record<string, string> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' };
const channel = (value: unknown) => CHANNELS[String(value)] ?? String(value);
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const REASONS: Record<string, string> = {
  'no consent': 'the applicant had not agreed to this channel',
  'channel off': 'the office had turned the channel off',
  'status unchanged': 'the status had come back to the one last reported',
  'daily limit for the application': "the application's daily limit was reached",
  'daily limit for the number': "the number's daily limit was reached",
};

/**
 * A notice's history entry as a sentence (ADR 0044): the channels the applicant agreed to, a
 * status message's attempt and its outcome, or a step of a document request (ADR 0046, ADR 0070);
 * null for any other action. The number is shown only as
 * the server masked it.
 */
export function describeNoticeEvent(action: string, d: Record<string, unknown>): string | null {
  switch (action) {
    case A.channelAgreement.recorded: {
      const list = Array.isArray(d.notify) ? d.notify.map(channel) : [];
      return list.length ? `The applicant agreed to status messages by ${list.join(', ')}` : 'The applicant agreed to no status messages';
    }
    case A.textMessage.sent:
      return `${channel(d.channel)} sent to ${text(d.to)} (${text(d.provider)} id ${text(d.providerId) || 'none'}, ${text(d.providerStatus)})`;
    case A.textMessage.retry:
      return `${channel(d.channel)} to ${text(d.to)} not sent yet, attempt ${text(d.attempts)}: ${text(d.error)}; trying again later`;
    case A.textMessage.failed:
      return `${channel(d.channel)} failed: ${text(d.error)}. Please call the applicant instead`;
    case A.textMessage.skipped:
    case A.textMessage.limited:
      return `${channel(d.channel)} not sent: ${REASONS[text(d.reason)] ?? text(d.reason)}`;
    case A.textMessage.deferred:
      return `${channel(d.channel)} waits for the end of quiet hours`;
    case A.textMessage.receipt:
      return `${channel(d.channel)} ${text(d.providerStatus)} (receipt from the provider)`;
    case A.documentRequest.sent: {
      const items = Array.isArray(d.items) ? d.items.map(text).filter(Boolean) : [];
      const by = Array.isArray(d.channels) ? d.channels.map(channel) : [];
      return `Document request sent${by.length ? ` by ${by.join(', ')}` : ''}${text(d.dueDate) ? `, due ${text(d.dueDate)}` : ''}${
        items.length ? `: ${items.join(', ')}` : ''
      }${d.replaced ? ' (the earlier link stopped working)' : ''}`;
    }
    case A.documentRequest.revoked:
      return 'Document request link revoked: it no longer opens';
    case A.documentRequest.received:
      return `Document received from the applicant: ${text(d.item)}`;
    case A.documentRequest.refused:
      return `File refused (not an accepted type) for: ${text(d.item)}`;
    case A.documentRequest.accepted:
      return `Document accepted: ${text(d.item)}`;
    case A.documentRequest.askedAgain:
      return `Document asked for again: ${text(d.item)}${text(d.reason) ? ` (${text(d.reason)})` : ''}`;
    default:
      return null;
  }
}
