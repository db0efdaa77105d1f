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
 * A notice's history entry as a sentence (ADR 0044): the channels the applicant agreed to, or a
 * status message's attempt and its outcome; null for any other action. The number is shown only as
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
    default:
      return null;
  }
}
