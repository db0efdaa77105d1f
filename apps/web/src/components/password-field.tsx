import type { UseFormRegisterReturn } from 'react-hook-form';
import { Form } from 'react-bootstrap';
import { VALIDATION } from '@visa/shared/ui-texts';

/**
 * The message a server's 400 gives for one field (`errors[].path`), e.g. a password on the list of
 * common passwords or a wrong current password (ADR 0017).
 */
function serverFieldMessage(error: unknown, field: string): string | undefined {
  // Read by shape: the staff client's errors and the sign-in pages' both carry `response.status`
  // and `response.data` (no API client here, so the light sign-in pages can use it).
  const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
  if (response?.status !== 400) return undefined;
  const data = response.data as { errors?: unknown } | null | undefined;
  const errors = Array.isArray(data?.errors) ? (data.errors as { path?: unknown; message?: unknown }[]) : [];
  const problem = errors.find((e) => e.path === field);
  return typeof problem?.message === 'string' ? problem.message : undefined;
}

/**
 * What a password box shows under itself: the form's own check (the length rule), else the
 * server's. "All fields are required" stays with the form's one message at the top.
 */
export function passwordFieldMessage(formMessage: string | undefined, error: unknown, field: string): string | undefined {
  if (formMessage && formMessage !== VALIDATION.allFieldsRequired) return formMessage;
  return formMessage ? undefined : serverFieldMessage(error, field);
}

interface Props {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  /** react-hook-form's registration, or just the field's name for a form that reads its own fields. */
  registration: UseFormRegisterReturn | { name: string };
  /** Shown under the box, which is then marked invalid. */
  message?: string;
  /** The form's own flag for the box (an empty required box). */
  invalid?: boolean;
  help?: string;
  className?: string;
}

/** A labelled password box whose message sits under it and describes it. */
export function PasswordField({ id, label, autoComplete, registration, message, invalid, help, className = 'mb-3' }: Props) {
  const describedBy = [message && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="password"
        autoComplete={autoComplete}
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message) || Boolean(invalid)}
        aria-describedby={describedBy}
        {...registration}
      />
      {message && (
        // An alert, so the message is read out when it arrives after the form was sent.
        <Form.Control.Feedback type="invalid" id={`${id}-error`} role="alert">
          {message}
        </Form.Control.Feedback>
      )}
      {help && <Form.Text id={`${id}-help`}>{help}</Form.Text>}
    </Form.Group>
  );
}
