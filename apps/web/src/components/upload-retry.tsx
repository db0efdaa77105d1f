import { useId } from 'react';
import { Button } from 'react-bootstrap';
import { UPLOAD } from '@visa/shared/ui-texts';

/**
 * What a form that uploads offers when its request got no answer (ADR 0026): the line saying the
 * entries and files are kept, and **Retry**, described by it, which sends them again. The same
 * words and control on every such form; the form decides what a retry sends.
 */
export function UploadRetry({ onRetry, disabled }: { onRetry: () => void; disabled: boolean }) {
  const id = useId();
  return (
    <>
      <p id={id}>{UPLOAD.connectionLost}</p>
      <Button type="button" variant="danger" className="me-2" aria-describedby={id} disabled={disabled} onClick={onRetry}>
        {UPLOAD.retry}
      </Button>
    </>
  );
}
