import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { PASSWORD_RESET } from '@visa/shared/password-reset-texts';
import { PasswordField, passwordFieldMessage } from '../../../components/password-field';
import { resetErrorMessage, resetPassword } from '../api/password-reset';
import { checkResetPassword } from '../lib/sign-in-checks';
import { formValues } from '../lib/form-values';
import { useRequest } from '../lib/use-request';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

interface Props {
  /** The emailed link's token; empty when the page was opened without one. */
  token: string;
  /** Where to sign in afterwards. */
  signIn: ReactNode;
}

type Errors = { token?: string; password?: string; confirmPassword?: string };

/**
 * Choosing a new password from the emailed link (ADR 0023). A refused password (too short, too
 * long, common, or containing the email name: ADR 0017) shows under its box, as on the profile and
 * add-admin forms; the other messages (an empty box, a mismatch, a used or expired link, no
 * answer) show above the fields. Checked when sent, then again as the person corrects it.
 */
export function ResetPasswordForm({ token, signIn }: Props) {
  const pageForm = usePageForm('Saving…');
  const reset = useRequest(resetPassword);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  if (reset.status === 'success') {
    return (
      <Alert variant="success" role="status" className="mb-0">
        {reset.data.message} {signIn}
      </Alert>
    );
  }
  if (!token) {
    return (
      <Alert variant="danger" role="alert" className="mb-0">
        {PASSWORD_RESET.invalidLink}
      </Alert>
    );
  }

  const check = (form: HTMLFormElement) => {
    const values = formValues(form);
    const checked = checkResetPassword({ token, password: values.password ?? '', confirmPassword: values.confirmPassword ?? '' });
    setErrors(checked.ok ? {} : checked.errors);
    return checked;
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = check(event.currentTarget);
    if (checked.ok) reset.run(checked.value);
    else reset.reset();
  };

  const failed = reset.isError ? reset.error : null;
  const passwordMessage = passwordFieldMessage(errors.password, failed, 'password');
  const validation = errors.token ?? errors.password ?? errors.confirmPassword;
  const atTop = validation && validation !== passwordMessage ? validation : undefined;
  const message = atTop ?? (failed && !passwordMessage ? resetErrorMessage(failed) : undefined);
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
        <Alert variant="danger" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <PasswordField
        id="reset-password"
        label="New password"
        autoComplete="new-password"
        registration={{ name: 'password' }}
        message={passwordMessage}
        invalid={Boolean(errors.password)}
      />
      <PasswordField
        id="reset-confirm"
        label="Confirm new password"
        autoComplete="new-password"
        registration={{ name: 'confirmPassword' }}
        invalid={Boolean(errors.confirmPassword)}
      />
      <PendingButton type="submit" variant="danger" className="w-100" pending={reset.isPending} pendingLabel="Saving…">
        Set new password
      </PendingButton>
    </Form>
  );
}
