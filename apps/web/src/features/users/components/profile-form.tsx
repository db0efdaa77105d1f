import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { type ProfileInput, ProfileInputSchema, type User } from '@visa/shared/users';
import { profileErrorMessage, useUpdateProfile } from '../api/update-profile';
import { firstMessage } from './first-message';

interface Props {
  user: User;
  onSaved: (user: User) => void;
}

/**
 * The profile form: name, the fixed email, password and confirmation — all required and, unlike the
 * earlier app, the two passwords must match (docs/product.md#departures).
 */
export function ProfileForm({ user, onSaved }: Props) {
  const save = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileInput>({
    resolver: zodResolver(ProfileInputSchema),
    defaultValues: { name: user.name, email: user.email, password: '', confirmPassword: '' },
  });

  const validation = firstMessage(errors, ['name', 'password', 'confirmPassword']);
  const message = validation ?? (save.isError ? profileErrorMessage(save.error) : undefined);

  return (
    <Form
      noValidate
      onSubmit={handleSubmit(
        (values) =>
          save.mutate(
            { ...values, email: user.email },
            {
              onSuccess: (saved) => {
                reset({ name: saved.name, email: saved.email, password: '', confirmPassword: '' });
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
      <Form.Group className="mb-3" controlId="profile-password">
        <Form.Label>Password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby="profile-password-help"
          {...register('password')}
        />
        <Form.Text id="profile-password-help">At least 8 characters. Saving signs you out on your other devices.</Form.Text>
      </Form.Group>
      <Form.Group className="mb-4" controlId="profile-confirm-password">
        <Form.Label>Confirm password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.confirmPassword)}
          {...register('confirmPassword')}
        />
      </Form.Group>
      <Button type="submit" variant="danger" disabled={save.isPending}>
        {save.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Save profile
      </Button>
    </Form>
  );
}
