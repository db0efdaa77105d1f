import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Form } from 'react-bootstrap';
import { PASSWORD_RESET, type ResetPasswordInput, ResetPasswordInputSchema } from '@visa/shared/users';
import { PasswordField, passwordFieldMessage } from '../../../components/password-field';
import { resetErrorMessage, useResetPassword } from '../api/password-reset';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

interface Props {
  /** The emailed link's token; empty when the page was opened without one. */
  token: string;
  /** Where to sign in afterwards. */
  signIn: React.ReactNode;
}

/**
 * Choosing a new password from the emailed link (ADR 0023). A refused password (too short, too
 * long, common, or containing the email name: ADR 0017) shows under its box, as on the profile and
 * add-admin forms; the other messages (an empty box, a mismatch, a used or expired link, no
 * answer) show above the fields.
 */
export function ResetPasswordForm({ token, signIn }: Props) {
  const pageForm = usePageForm('Saving…');
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(ResetPasswordInputSchema),
    values: { token, password: '', confirmPassword: '' },
  });

  if (reset.isSuccess) {
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
  const failed = reset.isError ? reset.error : null;
  const passwordMessage = passwordFieldMessage(errors.password?.message, failed, 'password');
  const validation = errors.token?.message ?? errors.password?.message ?? errors.confirmPassword?.message;
  const atTop = validation && validation !== passwordMessage ? validation : undefined;
  const message = atTop ?? (failed && !passwordMessage ? resetErrorMessage(failed) : undefined);
  return (
    <Form
      {...pageForm}
      noValidate
      onSubmit={handleSubmit(
        (values) => reset.mutate(values),
        () => reset.reset(),
      )}
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
        registration={register('password')}
        message={passwordMessage}
        invalid={Boolean(errors.password)}
      />
      <PasswordField
        id="reset-confirm"
        label="Confirm new password"
        autoComplete="new-password"
        registration={register('confirmPassword')}
        invalid={Boolean(errors.confirmPassword)}
      />
      <PendingButton type="submit" variant="danger" className="w-100" pending={reset.isPending} pendingLabel="Saving…">
        Set new password
      </PendingButton>
    </Form>
  );
}
