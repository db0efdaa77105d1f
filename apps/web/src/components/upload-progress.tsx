import { useId } from 'react';
import { UPLOAD } from '@visa/shared/ui-texts';

/**
 * The bar under an upload's button (ADR 0026). A screen reader hears it in steps of 10 % through
 * a polite live region, not at every percent the bar moves; once all is sent it says the server is
 * saving, which on a slow phone can take a moment longer.
 */
export function UploadProgress({ fraction }: { fraction: number }) {
  const id = useId();
  const percent = Math.floor(fraction * 100);
  const step = Math.floor(percent / 10) * 10;
  return (
    <div className="my-2" data-testid="upload-progress">
      <label htmlFor={id} className="form-label small mb-1">
        {UPLOAD.progressLabel}
      </label>
      <progress id={id} className="d-block w-100" max={100} value={percent}>
        {percent} %
      </progress>
      <p className="small text-body-secondary mb-0" aria-live="polite" aria-atomic="true">
        {percent >= 100 ? UPLOAD.saving : UPLOAD.progress(step)}
      </p>
    </div>
  );
}
