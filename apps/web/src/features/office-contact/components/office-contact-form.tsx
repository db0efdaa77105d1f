import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { type FieldPath, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FAILED, OFFICE_CONTACT } from '@visa/shared/ui-texts';
import { OFFICE_CONTACT_LIMITS, type OfficeContact, type OfficeContactInput, OfficeContactInputSchema } from '@visa/shared/office-contact';
import type { OfficeContactView } from '@visa/shared/office-contact-view';
import { LOADING } from '@visa/shared/staff-texts';
import { refusalMessage, serverMessage } from '../../../lib/api-client';
import { useOfficeContactSettings } from '../api/get-office-contact';
import { useUpdateOfficeContact } from '../api/update-office-contact';
import { LoadingStatus } from '../../../components/loading-status';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

type Values = OfficeContactInput;

const valuesOf = (contact: OfficeContactView): Values => ({
  address: contact.address,
  addressBn: contact.addressBn,
  hours: contact.hours,
  hoursBn: contact.hoursBn,
  phone: contact.phoneDisplay,
  email: contact.email,
  mapUrl: contact.mapUrl,
});

interface FieldProps {
  name: FieldPath<Values>;
  label: string;
  help?: string;
  rows?: number;
  type?: string;
  maxLength?: number;
  autoComplete?: string;
  lang?: string;
}

/**
 * The owner's form for the office's contact on the public site (ADR 0025): every field may be left
 * empty, and the public pages show only what is filled in. Each refused field says why under it.
 */
export function OfficeContactForm() {
  const contact = useOfficeContactSettings();
  if (contact.isPending) {
    return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  }
  if (contact.isError) return <Alert variant="danger">{serverMessage(contact.error) ?? FAILED.loadOfficeContact}</Alert>;
  return <LoadedForm contact={contact.data} />;
}

function LoadedForm({ contact }: { contact: OfficeContactView }) {
  const pageForm = usePageForm('Saving…');
  const id = useId();
  const save = useUpdateOfficeContact();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, OfficeContact>({ resolver: zodResolver(OfficeContactInputSchema), defaultValues: valuesOf(contact) });

  const field = ({ name, label, help, rows, type = 'text', maxLength, autoComplete, lang }: FieldProps) => {
    const error = errors[name]?.message;
    const helpId = `${id}-${name}-help`;
    const errorId = `${id}-${name}-error`;
    const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined;
    return (
      <Form.Group className="mb-3" controlId={`${id}-${name}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          {...(rows ? { as: 'textarea' as const, rows } : { type })}
          maxLength={maxLength}
          autoComplete={autoComplete ?? 'off'}
          lang={lang}
          isInvalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          {...register(name)}
        />
        {error && (
          <Form.Control.Feedback id={errorId} type="invalid">
            {error}
          </Form.Control.Feedback>
        )}
        {help && (
          <Form.Text id={helpId} className="d-block">
            {help}
          </Form.Text>
        )}
      </Form.Group>
    );
  };

  return (
    <Form
      {...pageForm}
      noValidate
      aria-label="Office contact"
      onSubmit={handleSubmit(
        (values) =>
          save.mutate(values, {
            onSuccess: (saved) => {
              reset(valuesOf(saved));
              toast.success(OFFICE_CONTACT.saved);
            },
          }),
        () => save.reset(),
      )}
    >
      <p className="text-body-secondary">
        Shown in the footer of every public page, on the About page and with the “no application found” message, in English and Bengali.
        Leave a field empty to leave it off.
      </p>
      <div className="row g-3">
        <div className="col-md-6">
          {field({ name: 'address', label: 'Address', rows: 3, maxLength: OFFICE_CONTACT_LIMITS.address })}
          {field({
            name: 'hours',
            label: 'Opening hours',
            rows: 2,
            maxLength: OFFICE_CONTACT_LIMITS.hours,
            help: 'For example: Sunday to Thursday, 10:00 to 18:00.',
          })}
          {field({
            name: 'phone',
            label: 'Phone',
            type: 'tel',
            autoComplete: 'tel',
            help: 'As you would dial it in Bangladesh (01712-345678), or with + and the country code. Phones get a link that calls it.',
          })}
        </div>
        <div className="col-md-6">
          {field({
            name: 'addressBn',
            label: 'Address in Bengali (optional)',
            rows: 3,
            maxLength: OFFICE_CONTACT_LIMITS.address,
            lang: 'bn',
            help: 'The Bengali pages show the English address when this is empty.',
          })}
          {field({
            name: 'hoursBn',
            label: 'Opening hours in Bengali (optional)',
            rows: 2,
            maxLength: OFFICE_CONTACT_LIMITS.hours,
            lang: 'bn',
            help: 'The Bengali pages show the English hours when this is empty.',
          })}
          {field({ name: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: OFFICE_CONTACT_LIMITS.email })}
        </div>
      </div>
      {field({
        name: 'mapUrl',
        label: 'Map link',
        type: 'url',
        maxLength: OFFICE_CONTACT_LIMITS.mapUrl,
        help: 'A link starting with https://, for example from the Share button of a map app. It opens in a new tab.',
      })}
      {save.isError && (
        <Alert variant="danger" role="alert" className="py-2">
          {refusalMessage(save.error) ?? serverMessage(save.error) ?? FAILED.saveOfficeContact}
        </Alert>
      )}
      <PendingButton type="submit" variant="danger" pending={save.isPending}>
        Save office contact
      </PendingButton>
    </Form>
  );
}
