import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Form } from 'react-bootstrap';
import { PASSWORD_MAX, PASSWORD_MIN } from '@visa/shared/constants';
import { type AddUserInput, AddUserInputSchema, type User } from '@visa/shared/users';
import { ROLE_LABELS } from '@visa/shared/staff-account-texts';
import { addStaffAccountErrorMessage, useCreateStaffAccount } from '../api/create-staff-account';
import { ROLE_CHOICES, firstMessage } from './first-message';
import { PasswordField, passwordFieldMessage } from '../../../components/password-field';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

interface Props {
  onCreated: (user: User) => void;
}

/**
 * Adding an admin (docs/product.md#sign-in-and-accounts); its messages are the product's
 * (docs/product.md#messages).
 */
export function AddStaffAccountForm({ onCreated }: Props) {
  const pageForm = usePageForm('Saving…');
  const create = useCreateStaffAccount();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddUserInput>({
    resolver: zodResolver(AddUserInputSchema),
    defaultValues: { name: '', email: '', password: '', role: 'admin' },
  });

  const passwordMessage = passwordFieldMessage(errors.password?.message, create.isError ? create.error : null, 'password');
  const validation = firstMessage(errors, ['name', 'email', 'password', 'role']);
  const atTop = validation && validation !== passwordMessage ? validation : undefined;
  // A refused password is about the password, not an account that "already exists".
  const failure = create.isError && !passwordMessage ? addStaffAccountErrorMessage(create.error) : undefined;
  const message = atTop ?? failure?.message;

  return (
    <Form
      {...pageForm}
      noValidate
      onSubmit={handleSubmit(
        (values) => create.mutate(values, { onSuccess: (user) => onCreated(user) }),
        () => create.reset(),
      )}
    >
      {message && (
        <Alert variant="danger" role="alert" className="py-2">
          <p className="mb-0">{message}</p>
          {!atTop && failure?.detail && <p className="mb-0 mt-1 small">{failure.detail}</p>}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="add-user-name">
        <Form.Label>Name</Form.Label>
        <Form.Control autoComplete="off" aria-invalid={Boolean(errors.name)} {...register('name')} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="add-user-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" autoComplete="off" aria-invalid={Boolean(errors.email)} {...register('email')} />
      </Form.Group>
      <PasswordField
        id="add-user-password"
        label="Password"
        autoComplete="new-password"
        registration={register('password')}
        message={passwordMessage}
        invalid={Boolean(errors.password)}
        help={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not a common password and not the email name. Share it with the new admin privately; they can change it on their Profile page.`}
      />
      <Form.Group className="mb-4" controlId="add-user-role">
        <Form.Label>Role</Form.Label>
        <Form.Select {...register('role')}>
          {ROLE_CHOICES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <PendingButton type="submit" variant="danger" pending={create.isPending}>
        Add Admin
      </PendingButton>
    </Form>
  );
}
