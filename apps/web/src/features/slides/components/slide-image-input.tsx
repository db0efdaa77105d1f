import { useId, useRef, useState } from 'react';
import { ALLOWED_IMAGE_MIME, SLIDE_IMAGE_MAX_BYTES } from '@visa/shared/constants';
import { UPLOAD, VALIDATION } from '@visa/shared/ui-texts';
import { looksLikeAllowedImage } from '../../../lib/image-rules';
import { useObjectUrl } from '../../../lib/use-object-url';

interface Props {
  /** The picture the slide has now (edit form), shown until another one is chosen. */
  currentUrl: string | null;
  currentAlt: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error: string | null;
  onError: (message: string | null) => void;
  /** A picked picture is being made ready for upload: the form waits for it before saving. */
  onPreparing: (preparing: boolean) => void;
  required: boolean;
}

/** Checks the form can make before uploading; the server checks the bytes again. */
function checkImageFile(file: File): string | null {
  if (!looksLikeAllowedImage(file)) return VALIDATION.imageTypeEdit;
  if (file.size > SLIDE_IMAGE_MAX_BYTES) return VALIDATION.imageTooLargeAdd;
  return null;
}

/**
 * The image field with a preview of the chosen picture (or the current one). A picked picture is
 * made ready for upload first (at most 2000 px, upright, JPEG: ADR 0026; the carousel's widest
 * file is narrower) and the checks judge the file that will be sent.
 */
export function SlideImageInput({ currentUrl, currentAlt, file, onChange, error, onError, onPreparing, required }: Props) {
  const id = useId();
  const preview = useObjectUrl(file);
  const [preparing, setPreparingState] = useState(false);
  const setPreparing = (value: boolean) => {
    setPreparingState(value);
    onPreparing(value);
  };
  // Which pick is the latest: a picture still being prepared when another is chosen is dropped.
  const picks = useRef(0);

  const pick = async (picked: File | null) => {
    const turn = ++picks.current;
    setPreparing(picked !== null);
    // The shrinking code loads when a picture is picked, not with the page.
    const chosen = picked && (await (await import('../../../lib/images/downscale')).prepareImage(picked, SLIDE_IMAGE_MAX_BYTES));
    if (turn !== picks.current) return;
    setPreparing(false);
    const problem = chosen ? checkImageFile(chosen) : null;
    onError(problem);
    onChange(problem ? null : chosen);
  };

  const shown = preview ?? currentUrl;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        Image{required ? '' : ' (leave empty to keep the current picture)'}
      </label>
      <input
        id={id}
        name="image"
        type="file"
        accept={ALLOWED_IMAGE_MIME.join(',')}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        aria-required={required}
        onChange={(event) => void pick(event.currentTarget.files?.[0] ?? null)}
      />
      <div id={`${id}-help`} className="form-text">
        JPEG or PNG, at most 10 MB. Wide pictures (about 2:1) fill the home-page carousel best.
      </div>
      {preparing && (
        <p role="status" className="form-text mb-0">
          {UPLOAD.preparing}
        </p>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {shown && (
        <figure className="mt-2 mb-0">
          <img
            src={shown}
            alt={preview ? 'Preview of the chosen picture' : currentAlt}
            className="img-thumbnail"
            style={{ objectFit: 'cover' }}
            width={320}
            height={160}
          />
          <figcaption className="form-text">{preview ? 'Chosen picture' : 'Current picture'}</figcaption>
        </figure>
      )}
    </div>
  );
}
