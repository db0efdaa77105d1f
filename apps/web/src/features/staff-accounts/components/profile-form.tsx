import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Form } from 'react-bootstrap';
import { PASSWORD_MAX, PASSWORD_MIN } from '@visa/shared/constants';
import { type ProfileInput, ProfileInputSchema, type User } from '@visa/shared/users';
import { profileErrorMessage, useUpdateProfile } from '../api/update-profile';
import { firstMessage } from './first-message';
import { PasswordField, passwordFieldMessage } from '../../../components/password-field';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

const PASSWORD_HELP = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters; spaces and any symbols are welcome. Not a common password, and not your email name. Saving signs you out on your other devices.`;

interface Props {
  user: User;
  onSaved: (user: User) => void;
}

/**
 * The profile form: name, the fixed email, the current password, the new password and its
 * confirmation — all required and, unlike the earlier app, the current password is checked and the
 * two new ones must match (docs/product.md#departures). A refused password is shown under its box.
 */
export function ProfileForm({ user, onSaved }: Props) {
  const pageForm = usePageForm('Saving…');
  const save = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileInput>({
    resolver: zodResolver(ProfileInputSchema),
    defaultValues: { name: user.name, email: user.email, currentPassword: '', password: '', confirmPassword: '' },
  });

  const failed = save.isError ? save.error : null;
  const currentMessage = passwordFieldMessage(errors.currentPassword?.message, failed, 'currentPassword');
  const newMessage = passwordFieldMessage(errors.password?.message, failed, 'password');
  const validation = firstMessage(errors, ['name', 'currentPassword', 'password', 'confirmPassword']);
  const atTop = validation && validation !== newMessage ? validation : undefined;
  const message = atTop ?? (failed && !currentMessage && !newMessage ? profileErrorMessage(failed) : undefined);

  return (
    <Form
      {...pageForm}
      noValidate
      onSubmit={handleSubmit(
        (values) =>
          save.mutate(
            { ...values, email: user.email },
            {
              onSuccess: (saved) => {
                reset({ name: saved.name, email: saved.email, currentPassword: '', password: '', confirmPassword: '' });
                onSaved(saved);
              },
            },
          ),
        () => save.reset(),
      )}
    >
      {message && (
        <Alert variant="danger" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="profile-name">
        <Form.Label>Name</Form.Label>
        <Form.Control autoComplete="name" aria-invalid={Boolean(errors.name)} {...register('name')} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="profile-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" value={user.email} disabled readOnly />
      </Form.Group>
      <PasswordField
        id="profile-current-password"
        label="Current password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        message={currentMessage}
        invalid={Boolean(errors.currentPassword)}
      />
      <PasswordField
        id="profile-password"
        label="New password"
        autoComplete="new-password"
        registration={register('password')}
        message={newMessage}
        invalid={Boolean(errors.password)}
        help={PASSWORD_HELP}
      />
      <PasswordField
        id="profile-confirm-password"
        label="Confirm new password"
        autoComplete="new-password"
        registration={register('confirmPassword')}
        invalid={Boolean(errors.confirmPassword)}
        className="mb-4"
      />
      <PendingButton type="submit" variant="danger" pending={save.isPending}>
        Save profile
      </PendingButton>
    </Form>
  );
}
