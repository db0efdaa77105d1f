import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { SLIDE_STATUSES } from '@visa/shared/constants';
import {
  SLIDE_FORM_DEFAULT_STATUS,
  SLIDE_LIMITS,
  SLIDE_TEXTS,
  type SlideFormValues,
  type SlideInput,
  SlideFormSchema,
  normalizeSlideStatus,
} from '@visa/shared/slides';
import { UploadProgress } from '../../../components/upload-progress';
import { UploadRetry } from '../../../components/upload-retry';
import { paths } from '../../../config/paths';
import { SlideImageInput } from './slide-image-input';
import { usePageForm } from '../../../lib/page-form';

interface Props {
  mode: 'add' | 'edit';
  defaultValues?: SlideFormValues;
  currentImage?: { url: string | null; alt: string };
  submitting: boolean;
  /** How far the picture's upload has gone (0 to 1) while it is under way. */
  progress?: number | null;
  /** The message of the last failed call, shown above the buttons. */
  serverError: string | null;
  /**
   * The last call got no answer (the connection dropped or the time ran out): the form offers
   * Retry, which sends it as it is on screen again, through the same rules as the button (ADR 0026).
   */
  retryable?: boolean;
  /**
   * The edit form's "shown on navbar" flag (updateSlider takes it, addSlider does not:
   * docs/product.md#api-slides); without it the form has no such field.
   */
  shownOnNavbar?: boolean;
  onSubmit: (values: SlideInput, image: File | null, extras: { shownOnNavbar?: boolean }) => void;
}

const EMPTY: SlideFormValues = { thumbnail: '', title: '', status: SLIDE_FORM_DEFAULT_STATUS, link: '', altText: '' };

/** The form of the add and edit slide pages. */
export function SlideForm({
  mode,
  defaultValues = EMPTY,
  currentImage,
  submitting,
  progress = null,
  serverError,
  retryable = false,
  shownOnNavbar,
  onSubmit,
}: Props) {
  const pageForm = usePageForm('Saving…');
  const id = useId();
  const [image, setImage] = useState<File | null>(null);
  const [shown, setShown] = useState(shownOnNavbar);
  const [imageError, setImageError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<SlideFormValues, unknown, SlideInput>({ resolver: zodResolver(SlideFormSchema), defaultValues });

  const submit = handleSubmit((values) => {
    if (mode === 'add' && !image) {
      setImageError(SLIDE_TEXTS.imageRequired);
      return;
    }
    if (imageError) return;
    onSubmit(values, image, shown === undefined ? {} : { shownOnNavbar: shown });
  });

  const field = (name: keyof SlideFormValues, error: FieldError | undefined) => ({
    id: `${id}-${name}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-${name}-help${error ? ` ${id}-${name}-error` : ''}`,
  });

  // The add form starts at the internal 'active'; on screen that is Published.
  const status = normalizeSlideStatus(watch('status') ?? SLIDE_FORM_DEFAULT_STATUS);

  return (
    <form
      {...pageForm}
      encType="multipart/form-data"
      noValidate
      onSubmit={submit}
      className="slide-form"
      style={{ maxWidth: 720 }}
      aria-busy={submitting}
    >
      <SlideField id={`${id}-thumbnail`} label="Slide title" help="The heading shown on the slide." error={errors.thumbnail}>
        <input
          {...register('thumbnail')}
          {...field('thumbnail', errors.thumbnail)}
          className={`form-control${errors.thumbnail ? ' is-invalid' : ''}`}
          maxLength={SLIDE_LIMITS.thumbnailMax}
          aria-required
        />
      </SlideField>

      <SlideField id={`${id}-title`} label="Slide text" help="A sentence or two under the heading." error={errors.title}>
        <textarea
          {...register('title')}
          {...field('title', errors.title)}
          className={`form-control${errors.title ? ' is-invalid' : ''}`}
          rows={3}
          maxLength={SLIDE_LIMITS.titleMax}
          aria-required
        />
      </SlideField>

      <SlideField id={`${id}-status`} label="Status" help="Only published slides appear on the home page." error={errors.status}>
        <select
          {...field('status', errors.status)}
          name="status"
          className={`form-select${errors.status ? ' is-invalid' : ''}`}
          value={status}
          onChange={(event) => setValue('status', event.currentTarget.value as SlideFormValues['status'], { shouldDirty: true })}
        >
          {SLIDE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </SlideField>

      <SlideImageInput
        currentUrl={currentImage?.url ?? null}
        currentAlt={currentImage?.alt ?? ''}
        file={image}
        onChange={setImage}
        error={imageError}
        onError={setImageError}
        onPreparing={setPreparing}
        required={mode === 'add'}
      />

      <SlideField
        id={`${id}-altText`}
        label="Alt text"
        help="What the picture shows, for visitors who use a screen reader or cannot load images."
        error={errors.altText}
      >
        <input
          {...register('altText')}
          {...field('altText', errors.altText)}
          className={`form-control${errors.altText ? ' is-invalid' : ''}`}
          maxLength={SLIDE_LIMITS.altTextMax}
          aria-required
        />
      </SlideField>

      <SlideField
        id={`${id}-link`}
        label="Link (optional)"
        help="Where the slide's “Learn more” button leads: a web address, or a page of this site such as /enquiry."
        error={errors.link}
      >
        <input
          {...register('link')}
          {...field('link', errors.link)}
          className={`form-control${errors.link ? ' is-invalid' : ''}`}
          inputMode="url"
          maxLength={SLIDE_LIMITS.linkMax}
          placeholder="https://… or /enquiry"
        />
      </SlideField>

      {shown !== undefined && (
        <div className="mb-3 form-check">
          <input
            id={`${id}-shownOnNavbar`}
            type="checkbox"
            className="form-check-input"
            checked={shown}
            aria-describedby={`${id}-shownOnNavbar-help`}
            onChange={(event) => setShown(event.currentTarget.checked)}
          />
          <label htmlFor={`${id}-shownOnNavbar`} className="form-check-label">
            Shown on navbar
          </label>
          <div id={`${id}-shownOnNavbar-help`} className="form-text">
            Kept for older clients of the site; the pages of this site do not use it.
          </div>
        </div>
      )}

      {serverError && (
        <div className="alert alert-danger" role="alert">
          {serverError}
        </div>
      )}

      {retryable && (
        <div className="mb-2">
          <UploadRetry disabled={submitting || preparing} onRetry={() => void submit()} />
        </div>
      )}

      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-danger" disabled={submitting || preparing}>
          {submitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {mode === 'add' ? 'Add slide' : 'Save changes'}
        </button>
        <Link to={paths.slideList} className="btn btn-outline-dark">
          Cancel
        </Link>
      </div>
      {progress !== null && <UploadProgress fraction={progress} />}
    </form>
  );
}

/** A labelled field of the slide form with its help under it and, once refused, why. */
function SlideField(props: { id: string; label: string; help: ReactNode; error: FieldError | undefined; children: ReactNode }) {
  const { id, label, help, error, children } = props;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      <div id={`${id}-help`} className="form-text">
        {help}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error.message}
        </div>
      )}
    </div>
  );
}
