import { Alert } from 'react-bootstrap';
import { useFailedMessages } from '../api/failed-messages';

/** On the dashboard, when any status message failed for good: those applicants need a call. */
export function FailedMessagesNotice() {
  const failed = useFailedMessages();
  const count = failed.data?.failed ?? 0;
  if (count === 0) return null;
  return (
    <Alert variant="warning" className="mb-4">
      {count === 1 ? '1 status message' : `${count} status messages`} by SMS or WhatsApp failed — call instead. Each application&apos;s
      history says which.
    </Alert>
  );
}
