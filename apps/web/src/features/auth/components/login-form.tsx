import { type FormEvent, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { PASSWORD_RESET } from '@visa/shared/password-reset-texts';
import type { SecondFactorChallenge } from '@visa/shared/second-factor';
import { paths } from '../../../config/paths';
import { type LoginResult, login, loginErrorMessage } from '../api/login';
import { checkLogin } from '../lib/sign-in-checks';
import { formValues } from '../lib/form-values';
import { useRequest } from '../lib/use-request';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

interface Props {
  /** Called once the token is stored. */
  onSignedIn: () => void;
  /** Called instead when the password was right but a second step is due (ADR 0019). */
  onSecondStep?: (challenge: SecondFactorChallenge) => void;
}

/**
 * Staff sign-in (docs/product.md#sign-in-and-accounts). One message at a time, in red: a missing
 * field first, otherwise what the server or the network said. Checked when sent, then again as
 * the person corrects it; plain state and `fetch`, so it runs on the light sign-in page (ADR 0050).
 */
export function LoginForm({ onSignedIn, onSecondStep }: Props) {
  const pageForm = usePageForm('Signing in…');
  const signIn = useRequest(login);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [submitted, setSubmitted] = useState(false);

  const check = (form: HTMLFormElement) => {
    const values = formValues(form);
    const checked = checkLogin({ email: values.email ?? '', password: values.password ?? '' });
    setErrors(checked.ok ? {} : checked.errors);
    return checked;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = check(event.currentTarget);
    if (!checked.ok) {
      signIn.reset();
      return;
    }
    signIn.run(checked.value, (result: LoginResult) => ('challenge' in result ? onSecondStep?.(result) : onSignedIn()));
  };

  const message = errors.email ?? errors.password ?? (signIn.isError ? loginErrorMessage(signIn.error) : undefined);

  return (
    <Form
      {...pageForm}
      noValidate
      aria-describedby={message ? 'login-message' : undefined}
      onSubmit={submit}
      onInput={(event: FormEvent<HTMLFormElement>) => {
        if (submitted) check(event.currentTarget);
      }}
    >
      {message && (
        <Alert variant="danger" id="login-message" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="login-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" name="email" autoComplete="username" inputMode="email" aria-invalid={Boolean(errors.email)} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="login-password">
        <Form.Label>Password</Form.Label>
        <Form.Control type="password" name="password" autoComplete="current-password" aria-invalid={Boolean(errors.password)} />
      </Form.Group>
      <p className="text-end mb-3">
        <Link to={paths.forgotPassword}>{PASSWORD_RESET.link}</Link>
      </p>
      <PendingButton type="submit" variant="danger" className="w-100" pending={signIn.isPending} pendingLabel="Signing in…">
        Login
      </PendingButton>
    </Form>
  );
}
