import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import type { SecondFactorChallenge } from '@visa/shared/second-factor';
import { type LoginInput, LoginInputSchema, PASSWORD_RESET } from '@visa/shared/users';
import { paths } from '../../../config/paths';
import { loginErrorMessage, useLogin } from '../api/login';
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
 * field first, otherwise what the server or the network said.
 */
export function LoginForm({ onSignedIn, onSecondStep }: Props) {
  const pageForm = usePageForm('Signing in…');
  const signIn = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(LoginInputSchema), defaultValues: { email: '', password: '' } });

  const validation = errors.email?.message ?? errors.password?.message;
  const message = validation ?? (signIn.isError ? loginErrorMessage(signIn.error) : undefined);

  return (
    <Form
      {...pageForm}
      noValidate
      aria-describedby={message ? 'login-message' : undefined}
      onSubmit={handleSubmit(
        (values) => signIn.mutate(values, { onSuccess: (result) => ('challenge' in result ? onSecondStep?.(result) : onSignedIn()) }),
        () => signIn.reset(),
      )}
    >
      {message && (
        <Alert variant="danger" id="login-message" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="login-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" autoComplete="username" inputMode="email" aria-invalid={Boolean(errors.email)} {...register('email')} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="login-password">
        <Form.Label>Password</Form.Label>
        <Form.Control type="password" autoComplete="current-password" aria-invalid={Boolean(errors.password)} {...register('password')} />
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
