import { useId } from 'react';
import { ALLOWED_IMAGE_MIME, SLIDE_IMAGE_MAX_BYTES } from '@visa/shared/constants';
import { VALIDATION } from '@visa/shared/messages';
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
  required: boolean;
}

/** Checks the form can make before uploading; the server checks the bytes again. */
function checkImageFile(file: File): string | null {
  if (!looksLikeAllowedImage(file)) return VALIDATION.imageTypeEdit;
  if (file.size > SLIDE_IMAGE_MAX_BYTES) return VALIDATION.imageTooLargeAdd;
  return null;
}

/** The image field with a preview of the chosen picture (or the current one). */
export function SlideImageInput({ currentUrl, currentAlt, file, onChange, error, onError, required }: Props) {
  const id = useId();
  const preview = useObjectUrl(file);

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
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0] ?? null;
          const problem = chosen ? checkImageFile(chosen) : null;
          onError(problem);
          onChange(problem ? null : chosen);
        }}
      />
      <div id={`${id}-help`} className="form-text">
        JPEG or PNG, at most 10 MB. Wide pictures (about 2:1) fill the home-page carousel best.
      </div>
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
