import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Form } from 'react-bootstrap';
import { type ForgotPasswordInput, ForgotPasswordInputSchema } from '@visa/shared/users';
import { resetErrorMessage, useForgotPassword } from '../api/password-reset';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

/** "Forgot password?": the email, then the same answer whether or not it has an account (ADR 0023). */
export function ForgotPasswordForm() {
  const pageForm = usePageForm('Sending…');
  const ask = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(ForgotPasswordInputSchema), defaultValues: { email: '' } });

  if (ask.isSuccess) {
    return (
      <Alert variant="success" role="status" className="mb-0">
        {ask.data.message}
      </Alert>
    );
  }
  const message = errors.email?.message ?? (ask.isError ? resetErrorMessage(ask.error) : undefined);
  return (
    <Form {...pageForm} noValidate onSubmit={handleSubmit((values) => ask.mutate(values))}>
      {message && (
        <Alert variant="danger" id="forgot-message" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="forgot-email">
        <Form.Label>Email</Form.Label>
        <Form.Control
          type="email"
          autoComplete="username"
          inputMode="email"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={message ? 'forgot-message' : undefined}
          {...register('email')}
        />
      </Form.Group>
      <PendingButton type="submit" variant="danger" className="w-100" pending={ask.isPending} pendingLabel="Sending…">
        Send me a link
      </PendingButton>
    </Form>
  );
}
