import { type FormEvent, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { askForResetLink, resetErrorMessage } from '../api/password-reset';
import { checkForgotPassword } from '../lib/sign-in-checks';
import { formValues } from '../lib/form-values';
import { useRequest } from '../lib/use-request';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

/** "Forgot password?": the email, then the same answer whether or not it has an account (ADR 0023). */
export function ForgotPasswordForm() {
  const pageForm = usePageForm('Sending…');
  const ask = useRequest(askForResetLink);
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const [submitted, setSubmitted] = useState(false);

  const check = (form: HTMLFormElement) => {
    const checked = checkForgotPassword({ email: formValues(form).email ?? '' });
    setInvalid(checked.ok ? undefined : checked.errors.email);
    return checked;
  };

  if (ask.status === 'success') {
    return (
      <Alert variant="success" role="status" className="mb-0">
        {ask.data.message}
      </Alert>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = check(event.currentTarget);
    if (checked.ok) ask.run(checked.value);
  };
  const message = invalid ?? (ask.isError ? resetErrorMessage(ask.error) : undefined);
  return (
    <Form
      {...pageForm}
      noValidate
      onSubmit={submit}
      onInput={(event: FormEvent<HTMLFormElement>) => {
        if (submitted) check(event.currentTarget);
      }}
    >
      {message && (
        <Alert variant="danger" id="forgot-message" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="forgot-email">
        <Form.Label>Email</Form.Label>
        <Form.Control
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          aria-invalid={Boolean(invalid)}
          aria-describedby={message ? 'forgot-message' : undefined}
        />
      </Form.Group>
      <PendingButton type="submit" variant="danger" className="w-100" pending={ask.isPending} pendingLabel="Sending…">
        Send me a link
      </PendingButton>
    </Form>
  );
}
