import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useLocation } from 'react-router';
import { sessionEndMessage } from '../lib/session-end';

/**
 * The login page's word on why the person is there (ADR 0018): the fixed sentence for the
 * `?reason=` code, or nothing. Read after hydration, since the page is prerendered without it.
 */
export function SessionEndedAlert() {
  const { search } = useLocation();
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    setMessage(sessionEndMessage(new URLSearchParams(search).get('reason')));
  }, [search]);
  if (!message) return null;
  return (
    <Alert variant="warning" role="status" className="py-2" data-testid="session-ended">
      {message}
    </Alert>
  );
}
