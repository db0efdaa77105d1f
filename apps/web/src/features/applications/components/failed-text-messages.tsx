import { Alert } from 'react-bootstrap';
import { useFailedTextMessages } from '../api/failed-text-messages';

/** On the dashboard, when any status message failed for good: those applicants need a call. */
export function FailedTextMessagesAlert() {
  const failed = useFailedTextMessages();
  const count = failed.data?.failed ?? 0;
  if (count === 0) return null;
  return (
    <Alert variant="warning" className="mb-4">
      {count === 1 ? '1 status message' : `${count} status messages`} by SMS or WhatsApp failed — call instead. Each application&apos;s
      history says which.
    </Alert>
  );
}
