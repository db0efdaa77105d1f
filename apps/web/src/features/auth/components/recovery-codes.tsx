import { useEffect, useRef } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { SECOND_FACTOR } from '@visa/shared/ui-texts';
import { RECOVERY_CODES } from '@visa/shared/staff-texts';
import { useCopyText } from '../../../lib/use-copy-text';

interface Props {
  codes: string[];
  /** The person says they have stored them; the codes are not shown again. */
  onDone: () => void;
  doneLabel?: string;
}

/**
 * The ten recovery codes, shown once (ADR 0019): copy, download as a text file, and a clear note
 * to store them now. Focus moves to the heading so a screen reader announces them.
 */
export function RecoveryCodes({ codes, onDone, doneLabel = 'I have stored my recovery codes' }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const text = RECOVERY_CODES.file(codes);
  const { copied, copy } = useCopyText(text);

  return (
    <section aria-labelledby="recovery-codes-heading">
      <h2 id="recovery-codes-heading" className="h5" tabIndex={-1} ref={heading}>
        Your recovery codes
      </h2>
      <Alert variant="warning">{SECOND_FACTOR.storeRecoveryCodes}</Alert>
      <ol className="font-monospace fs-5 row row-cols-2 list-unstyled g-2 mb-3" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button variant="outline-secondary" onClick={copy}>
          Copy codes
        </Button>
        <a
          className="btn btn-outline-secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="canada-visa-desk-recovery-codes.txt"
        >
          Download codes
        </a>
      </div>
      <div role="status" className="small mb-3">
        {copied === 'yes' ? RECOVERY_CODES.copied : copied === 'failed' ? RECOVERY_CODES.copyFailed : ''}
      </div>
      <Button variant="danger" onClick={onDone}>
        {doneLabel}
      </Button>
    </section>
  );
}
