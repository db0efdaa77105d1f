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
 * A status message's history entry as a sentence (ADR 0044), or null for any other action. The
 * number is shown only as the server masked it.
 */
export function describeMessageEvent(action: string, d: Record<string, unknown>): string | null {
  switch (action) {
    case A.message.consent: {
      const list = Array.isArray(d.notify) ? d.notify.map(channel) : [];
      return list.length ? `The applicant agreed to status messages by ${list.join(', ')}` : 'The applicant agreed to no status messages';
    }
    case A.message.sent:
      return `${channel(d.channel)} sent to ${text(d.to)} (${text(d.provider)} id ${text(d.providerId) || 'none'}, ${text(d.providerStatus)})`;
    case A.message.retry:
      return `${channel(d.channel)} to ${text(d.to)} not sent yet, attempt ${text(d.attempts)}: ${text(d.error)}; trying again later`;
    case A.message.failed:
      return `${channel(d.channel)} failed: ${text(d.error)}. Please call the applicant instead`;
    case A.message.skipped:
    case A.message.limited:
      return `${channel(d.channel)} not sent: ${REASONS[text(d.reason)] ?? text(d.reason)}`;
    case A.message.deferred:
      return `${channel(d.channel)} waits for the end of quiet hours`;
    case A.message.receipt:
      return `${channel(d.channel)} ${text(d.providerStatus)} (receipt from the provider)`;
    default:
      return null;
  }
}
