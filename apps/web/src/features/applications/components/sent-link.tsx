import { useEffect, useRef } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { DOCUMENT_REQUEST_SENT_TEXTS as T } from '@visa/shared/document-requests';
import { useCopyText } from '../../../lib/use-copy-text';

/**
 * A just-sent request's link, shown once (ADR 0070) so the clerk can read it out on the phone: a
 * copy button and a note that it will not be shown again. It lives only in this component's
 * props: hidden, it is gone from the page and was never in the address or the query cache.
 */
export function SentLink({ link, onHide }: { link: string; onHide: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { copied, copy } = useCopyText(link);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="sent-link-heading" className="border rounded p-2 mb-3">
      <h3 id="sent-link-heading" className="h6" tabIndex={-1} ref={heading}>
        {T.linkHeading}
      </h3>
      <Alert variant="warning" className="py-2 small">
        {T.linkOnce}
      </Alert>
      <p className="font-monospace text-break mb-2" data-testid="sent-link">
        {link}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" variant="outline-secondary" onClick={copy}>
          {T.copy}
        </Button>
        <Button size="sm" variant="secondary" onClick={onHide}>
          {T.hide}
        </Button>
      </div>
      <div role="status" className="small mt-1">
        {copied === 'yes' ? T.copied : copied === 'failed' ? T.copyFailed : ''}
      </div>
    </section>
  );
}
