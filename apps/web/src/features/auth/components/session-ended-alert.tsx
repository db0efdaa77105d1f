import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useLocation } from 'react-router';
import { sessionEndText } from '../lib/session-end';

/**
 * The login page's word on why the person is there (ADR 0018): the fixed sentence for the
 * `?reason=` code, or nothing. Read after hydration, since the page is prerendered without it.
 */
export function SessionEndedAlert() {
  const { search } = useLocation();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(sessionEndText(new URLSearchParams(search).get('reason')));
  }, [search]);
  if (!text) return null;
  return (
    <Alert variant="warning" role="status" className="py-2" data-testid="session-ended">
      {text}
    </Alert>
  );
}
