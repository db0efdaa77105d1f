import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { NOTIFY_CHANNELS, type NotifyChannel } from '@visa/shared/notice-channels';

const CHANNEL_LABELS: Record<NotifyChannel, string> = { email: 'By email', sms: 'By SMS', whatsapp: 'By WhatsApp' };

/**
 * The channels the applicant agreed to be told about their status on (ADR 0044): one labelled
 * checkbox each, in a fieldset the screen reader names. Nothing goes on a channel left unticked.
 */
export function NotifyChoices({ value, onChange }: { value: NotifyChannel[]; onChange: (next: NotifyChannel[]) => void }) {
  const id = useId();
  return (
    <fieldset className="mb-3" aria-describedby={`${id}-help`}>
      <legend className="form-label fs-6 mb-1">The applicant agreed to status messages</legend>
      {NOTIFY_CHANNELS.map((channel) => (
        <Form.Check
          key={channel}
          inline
          type="checkbox"
          id={`${id}-${channel}`}
          label={CHANNEL_LABELS[channel]}
          checked={value.includes(channel)}
          onChange={(e) => onChange(NOTIFY_CHANNELS.filter((c) => (c === channel ? e.target.checked : value.includes(c))))}
        />
      ))}
      <Form.Text id={`${id}-help`} className="d-block">
        SMS and WhatsApp go to the phone number above, only on the channels ticked and only those the office has turned on.
      </Form.Text>
    </fieldset>
  );
}
