import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { type AddUserInput, AddUserInputSchema, ROLE_LABELS, type User } from '@visa/shared/users';
import { addUserErrorMessage, useCreateUser } from '../api/create-user';
import { ROLE_CHOICES, firstMessage } from './first-message';

interface Props {
  onCreated: (user: User) => void;
}

/**
 * Adding an admin (docs/product.md#sign-in-and-accounts); its messages are the product's
 * (docs/product.md#messages).
 */
export function AddUserForm({ onCreated }: Props) {
  const create = useCreateUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddUserInput>({
    resolver: zodResolver(AddUserInputSchema),
    defaultValues: { name: '', email: '', password: '', role: 'admin' },
  });

  const validation = firstMessage(errors, ['name', 'email', 'password', 'role']);
  const failure = create.isError ? addUserErrorMessage(create.error) : undefined;
  const message = validation ?? failure?.message;

  return (
    <Form
      noValidate
      onSubmit={handleSubmit(
        (values) => create.mutate(values, { onSuccess: (user) => onCreated(user) }),
        () => create.reset(),
      )}
    >
      {message && (
        <Alert variant="danger" role="alert" className="py-2">
          <p className="mb-0">{message}</p>
          {!validation && failure?.detail && <p className="mb-0 mt-1 small">{failure.detail}</p>}
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
      <Form.Group className="mb-3" controlId="add-user-password">
        <Form.Label>Password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby="add-user-password-help"
          {...register('password')}
        />
        <Form.Text id="add-user-password-help">
          At least 8 characters. Share it with the new admin privately; they can change it on their Profile page.
        </Form.Text>
      </Form.Group>
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
      <Button type="submit" variant="danger" disabled={create.isPending}>
        {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Add Admin
      </Button>
    </Form>
  );
}
