import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

/**
 * One labelled control with its message beneath: the browser's or the API's, tied to the control
 * (aria-describedby) so a screen reader reads it with the field.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; isInvalid: boolean; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-2">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      {children({
        id,
        isInvalid: Boolean(error),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`} className="d-block">
          {error}
        </Form.Control.Feedback>
      )}
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
