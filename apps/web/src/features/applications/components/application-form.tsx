import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert, Col, Form, Row } from 'react-bootstrap';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import {
  APPLICATION_FIELDS,
  type Application,
  type ApplicationFormValues,
  type ApplicationInput,
  ApplicationInputSchema,
  ApplicationUpdateSchema,
} from '@visa/shared/applications';
import { DEFAULT_VISA_TYPE, VISA_TYPES } from '@visa/shared/document-requests';
import { IMAGE_MAX_BYTES_ADD, IMAGE_MAX_BYTES_EDIT, JOB_TITLES, SEXES } from '@visa/shared/constants';
import { todayIn } from '@visa/shared/dates';
import { FIELD_LABELS as LABELS } from '@visa/shared/field-labels';
import { ADD_APPLICATION, UPLOAD, VALIDATION } from '@visa/shared/ui-texts';
import { formatPhone } from '@visa/shared/phone';
import { LOADING } from '@visa/shared/staff-texts';
import { DEFAULT_NOTIFY, type NotifyChannel } from '@visa/shared/notice-channels';
import { ChosenDate } from '../../../components/chosen-date';
import { UploadProgress } from '../../../components/upload-progress';
import { UploadRetry } from '../../../components/upload-retry';
import { useCountries } from '../../../lib/use-countries';
import { useObjectUrl } from '../../../lib/use-object-url';
import { checkAvailability } from '../api/check-availability';
import { type FormProblem, type FormTarget, targetOfMessage } from '../lib/form-target';
import { addImageMessage, editImageMessage } from '../lib/image-rules';
import { NotifyChoices } from './notify-choices';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

type Field = (typeof APPLICATION_FIELDS)[number];

const EMPTY: ApplicationFormValues = {
  ...(Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, ''])) as ApplicationFormValues),
  visaType: DEFAULT_VISA_TYPE,
};

/**
 * What the country lists hold for a stored country: its code (the lists' values), or an old value
 * no country matched as it was typed (ADR 0035).
 */
const pickedCountry = (application: Application, field: 'currentN' | 'issuedCountry') =>
  (field === 'currentN' ? application.currentNCode : application.issuedCountryCode) ?? application[field];

/** The stored application as the form shows it; the phone grouped as people read it, not in E.164. */
const valuesOf = (application: Application): ApplicationFormValues => ({
  ...(Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, application[f]])) as ApplicationFormValues),
  phone: formatPhone(application.phone),
  currentN: pickedCountry(application, 'currentN'),
  issuedCountry: pickedCountry(application, 'issuedCountry'),
});

/** The one problem to show: the first field, in that order, whose rule failed. */
function firstFieldProblem(errors: FieldErrors<ApplicationFormValues>): FormProblem | undefined {
  for (const field of APPLICATION_FIELDS) {
    const message = errors[field]?.message;
    if (typeof message === 'string') return { message, field };
  }
  return undefined;
}

const APP_TIMEZONE = 'Asia/Dhaka';

interface Props {
  mode: 'add' | 'edit';
  /** The application being edited; its photo is the preview until a new one is chosen. */
  application?: Application;
  submitting: boolean;
  /** How far the upload has gone (0 to 1) while it is under way. */
  progress?: number | null;
  /** A failed submit: shown under the control it names, like the rule messages, else above the button. */
  failure: FormProblem | undefined;
  /** The connection dropped: the form offers Retry, which sends what it holds again without asking the server about duplicates first. */
  retryable?: boolean;
  /** `notify`: the channels ticked; undefined on an edit that neither knew nor changed them, which keeps them. */
  onSubmit: (input: ApplicationInput, image: File | null, notify: NotifyChannel[] | undefined) => void;
  /** A new attempt starts: the previous failure is no longer true. */
  onReset: () => void;
  /** More of the form under the message choices: the add form's privacy consent (ADR 0053). */
  extra?: ReactNode;
}

/**
 * The add and edit forms (docs/product.md#application-form). Rules run in order and only the first
 * failure is shown, in red: the field rules (shared zod schema, same words as the server), then
 * whether the email or passport is already used (asked of the server), then the image rules.
 * The message sits under the control it is about, which is marked invalid and, after a submit,
 * scrolled to and focused: on a phone the top of a 17-field form is far off-screen (ADR 0020).
 */
export function ApplicationForm({
  mode,
  application,
  submitting,
  progress = null,
  failure,
  retryable = false,
  onSubmit,
  onReset,
  extra,
}: Props) {
  const pageForm = usePageForm('Saving…');
  const formId = useId();
  // The edit form always holds a visa type (its select has no empty choice), so both schemas give a full input.
  const schema = (mode === 'add' ? ApplicationInputSchema : ApplicationUpdateSchema) as typeof ApplicationInputSchema;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ApplicationFormValues, unknown, ApplicationInput>({
    resolver: zodResolver(schema),
    // Focus is moved below, once the problem to show is known (a field rule, a duplicate or the photo).
    shouldFocusError: false,
    defaultValues: application ? valuesOf(application) : EMPTY,
  });
  const dob = useWatch({ control, name: 'dob' });
  const [image, setImage] = useState<File | null>(null);
  // An edit opened from the list's row does not know the channel agreement: it is sent only once ticked.
  const [notify, setNotify] = useState<NotifyChannel[] | undefined>(application ? application.notify : DEFAULT_NOTIFY);
  const [ruleProblem, setRuleProblem] = useState<FormProblem | undefined>();
  const [checking, setChecking] = useState(false);
  const [preparing, setPreparing] = useState(false);
  // Which pick is the latest: a picture still being prepared when another is chosen is dropped.
  const picks = useRef(0);
  // After a submit, the control whose message shows is brought to the middle of the screen and
  // focused (a screen reader then reads its label, "invalid" and the message). Only then: while the
  // person corrects a field the message may move on to the next one, and focus must stay put.
  const focusAfterSubmit = useRef(false);

  const preview = useObjectUrl(image);
  // The back office is in English.
  const countries = useCountries('en');

  /**
   * A picked photo is made ready for upload at once (at most 2000 px, upright, JPEG: ADR 0026), so
   * the rules below judge the file that will be sent and a retry sends the same one.
   */
  const pick = async (file: File | null) => {
    const turn = ++picks.current;
    if (!file) {
      setPreparing(false);
      setImage(null);
      return;
    }
    setPreparing(true);
    // The shrinking code loads when a picture is picked, not with the page.
    const { prepareImage } = await import('../../../lib/images/downscale');
    const prepared = await prepareImage(file, mode === 'add' ? IMAGE_MAX_BYTES_ADD : IMAGE_MAX_BYTES_EDIT);
    if (turn !== picks.current) return;
    setImage(prepared);
    setPreparing(false);
  };

  const submit = async (input: ApplicationInput) => {
    onReset();
    setRuleProblem(undefined);
    focusAfterSubmit.current = true;
    setChecking(true);
    let taken;
    try {
      taken = await checkAvailability({ email: input.email, passport: input.passport, exceptId: application?._id });
    } catch {
      setRuleProblem({ message: ADD_APPLICATION.fetchError });
      return;
    } finally {
      setChecking(false);
    }
    if (taken.emailTaken) return setRuleProblem({ message: VALIDATION.emailTaken, field: 'email' });
    if (taken.passportTaken) return setRuleProblem({ message: VALIDATION.passportTaken, field: 'passport' });
    const imageMessage = mode === 'add' ? addImageMessage(image) : editImageMessage(image);
    if (imageMessage) return setRuleProblem({ message: imageMessage, field: targetOfMessage(imageMessage) ?? 'image' });
    onSubmit(input, image, notify);
  };

  /**
   * Retry after a dropped connection: the entries and prepared photo as they are on screen now
   * (kept from the attempt, or changed since), through the field and photo rules again; the
   * duplicate check is left to the server, which answers it as on any submit.
   */
  const retry = handleSubmit(
    (input) => {
      setRuleProblem(undefined);
      focusAfterSubmit.current = true;
      const imageMessage = mode === 'add' ? addImageMessage(image) : editImageMessage(image);
      if (imageMessage) return setRuleProblem({ message: imageMessage, field: targetOfMessage(imageMessage) ?? 'image' });
      onSubmit(input, image, notify);
    },
    () => {
      onReset();
      setRuleProblem(undefined);
      focusAfterSubmit.current = true;
    },
  );

  const problem = firstFieldProblem(errors) ?? ruleProblem ?? failure;
  const busy = checking || submitting || preparing;
  const id = (field: string) => `${formId}-${field}`;
  const messageId = id('message');
  const invalid = (field: FormTarget) => problem?.field === field;

  useEffect(() => {
    if (!focusAfterSubmit.current || !problem || busy) return;
    focusAfterSubmit.current = false;
    if (!problem.field) return;
    const control = document.getElementById(id(problem.field));
    control?.scrollIntoView?.({ block: 'center' });
    control?.focus({ preventScroll: true });
  });

  /** The message under a control: what its aria-describedby points at. */
  const feedback = (field: FormTarget): ReactNode =>
    invalid(field) && (
      <Form.Control.Feedback type="invalid" id={messageId} role="alert">
        {problem?.message}
      </Form.Control.Feedback>
    );
  const invalidProps = (field: FormTarget) => ({
    isInvalid: invalid(field),
    'aria-invalid': invalid(field),
    'aria-describedby': invalid(field) ? messageId : undefined,
  });
  const text = (field: Field, props: { type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' | 'text' } = {}) => (
    <Form.Group as={Col} md={6} className="mb-3" controlId={id(field)}>
      <Form.Label>{LABELS[field]}</Form.Label>
      <Form.Control autoComplete="off" {...invalidProps(field)} {...props} {...register(field)} />
      {feedback(field)}
    </Form.Group>
  );
  /**
   * Nationality and issuing country come from the country list (ADR 0024), the value being the
   * code. The list arrives a moment after the form (a chunk of its own), so the control is mounted
   * with it and then takes the stored value. An old value no country matched stays as typed: it
   * is offered as it is, so saving something else keeps it.
   */
  const country = (field: 'currentN' | 'issuedCountry') => {
    const stored = application && pickedCountry(application, field);
    const typed = stored && countries && !countries.some((c) => c.code === stored) ? stored : undefined;
    return (
      <Form.Group as={Col} md={6} className="mb-3" controlId={id(field)}>
        <Form.Label>{LABELS[field]}</Form.Label>
        {countries ? (
          <Form.Select {...invalidProps(field)} {...register(field)}>
            <option value="">Select country</option>
            {typed && <option value={typed}>{typed} (as typed before)</option>}
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Form.Select>
        ) : (
          <Form.Select disabled>
            <option>{LOADING.countries}</option>
          </Form.Select>
        )}
        {feedback(field)}
      </Form.Group>
    );
  };
  const currentPhoto = preview ?? application?.image ?? null;

  return (
    <Form
      {...pageForm}
      encType="multipart/form-data"
      noValidate
      aria-label={mode === 'add' ? 'Add application' : 'Edit application'}
      onSubmit={handleSubmit(submit, () => {
        onReset();
        setRuleProblem(undefined);
        focusAfterSubmit.current = true;
      })}
    >
      <Row>
        {text('surname', { autoComplete: 'off' })}
        {text('givenN')}
        {text('email', { type: 'email', inputMode: 'email' })}
        {text('phone', { type: 'tel', inputMode: 'tel' })}
        {text('nationalId')}
        <Form.Group as={Col} md={6} className="mb-3" controlId={id('sex')}>
          <Form.Label>{LABELS.sex}</Form.Label>
          <Form.Select {...invalidProps('sex')} {...register('sex')}>
            <option value="">Select sex</option>
            {SEXES.map((sex) => (
              <option key={sex} value={sex}>
                {sex}
              </option>
            ))}
          </Form.Select>
          {feedback('sex')}
        </Form.Group>
        <Form.Group as={Col} md={6} className="mb-3" controlId={id('dob')}>
          <Form.Label>{LABELS.dob}</Form.Label>
          <Form.Control type="date" min="1900-01-01" max={todayIn(APP_TIMEZONE)} {...invalidProps('dob')} {...register('dob')} />
          <ChosenDate value={dob} prefix="Date of birth:" />
          {feedback('dob')}
        </Form.Group>
        {text('birthCity')}
        {country('currentN')}
        {text('identification')}
        {text('company')}
        {text('dutyDuration')}
        <Form.Group as={Col} md={6} className="mb-3" controlId={id('jobTitle')}>
          <Form.Label>{LABELS.jobTitle}</Form.Label>
          <Form.Select {...invalidProps('jobTitle')} {...register('jobTitle')}>
            <option value="">Select job title</option>
            {JOB_TITLES.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </Form.Select>
          {feedback('jobTitle')}
        </Form.Group>
        {text('salary')}
        {text('passport')}
        {country('issuedCountry')}
        <Form.Group as={Col} md={6} className="mb-3" controlId={id('visaType')}>
          <Form.Label>{LABELS.visaType}</Form.Label>
          <Form.Select {...invalidProps('visaType')} {...register('visaType')}>
            {VISA_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Form.Select>
          {feedback('visaType')}
        </Form.Group>
        <Form.Group as={Col} md={6} className="mb-3" controlId={id('image')}>
          <Form.Label>{mode === 'add' ? LABELS.image : 'New image (optional)'}</Form.Label>
          <Form.Control
            type="file"
            accept="image/jpeg,image/png,.jpg,.jpeg,.png"
            isInvalid={invalid('image')}
            aria-invalid={invalid('image')}
            aria-describedby={invalid('image') ? `${messageId} ${id('image-help')}` : id('image-help')}
            onChange={(e) => {
              setRuleProblem(undefined);
              void pick((e.target as HTMLInputElement).files?.[0] ?? null);
            }}
          />
          {feedback('image')}
          <Form.Text id={id('image-help')}>
            JPEG or PNG, at most {mode === 'add' ? '10 MB' : '2 MB'}.{mode === 'edit' && ' Leave empty to keep the current photo.'}
          </Form.Text>
          {preparing && (
            <p role="status" className="small mb-0 mt-1">
              {UPLOAD.preparing}
            </p>
          )}
        </Form.Group>
        <Col md={6} className="mb-3">
          {currentPhoto && (
            <img
              src={currentPhoto}
              alt={preview ? 'Preview of the chosen image' : 'Current photo'}
              className="img-thumbnail"
              style={{ maxHeight: 160, maxWidth: '100%', objectFit: 'contain' }}
            />
          )}
        </Col>
        <Col xs={12}>
          <NotifyChoices value={notify ?? application?.notify ?? DEFAULT_NOTIFY} onChange={setNotify} />
        </Col>
        {extra && <Col xs={12}>{extra}</Col>}
      </Row>
      {problem && !problem.field && (
        <Alert variant="danger" role="alert" className="py-2">
          {problem.message}
        </Alert>
      )}
      {retryable && problem === failure && <UploadRetry disabled={busy} onRetry={() => void retry()} />}
      <PendingButton type="submit" variant="danger" pending={busy}>
        {mode === 'add' ? 'Add Application' : 'Update Application'}
      </PendingButton>
      {progress !== null && <UploadProgress fraction={progress} />}
    </Form>
  );
}
