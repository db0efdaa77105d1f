import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { z } from 'zod';
import { ROLE_LABELS, UpdateUserInputSchema, type User } from '@visa/shared/users';
import { updateUserErrorMessage, useUpdateUser } from '../api/update-user';
import { ROLE_CHOICES, firstMessage } from './first-message';

/** An empty "new password" box means "keep the current password". */
const EditUserFormSchema = UpdateUserInputSchema.extend({
  password: z
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(UpdateUserInputSchema.shape.password),
});
type EditUserFormValues = z.input<typeof EditUserFormSchema>;
type EditUserFormOutput = z.output<typeof EditUserFormSchema>;

interface Props {
  user: User;
  /** Nobody changes their own role (the server refuses it too). */
  isSelf: boolean;
  onSaved: (user: User) => void;
}

/** Editing an admin; its messages are the product's (docs/product.md#messages). */
export function EditUserForm({ user, isSelf, onSaved }: Props) {
  const update = useUpdateUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditUserFormValues, unknown, EditUserFormOutput>({
    resolver: zodResolver(EditUserFormSchema),
    defaultValues: { name: user.name, email: user.email, role: user.role, password: '' },
  });

  const validation = firstMessage(errors, ['name', 'email', 'role', 'password']);
  const message = validation ?? (update.isError ? updateUserErrorMessage(update.error) : undefined);

  return (
    <Form
      noValidate
      onSubmit={handleSubmit(
        ({ role, ...rest }) =>
          // The role box is shown but locked for your own account; nothing to send.
          update.mutate({ id: user._id, input: isSelf ? rest : { ...rest, role } }, { onSuccess: (saved) => onSaved(saved) }),
        () => update.reset(),
      )}
    >
      {message && (
        <Alert variant="danger" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="edit-user-name">
        <Form.Label>Name</Form.Label>
        <Form.Control autoComplete="off" aria-invalid={Boolean(errors.name)} {...register('name')} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="edit-user-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" autoComplete="off" aria-invalid={Boolean(errors.email)} {...register('email')} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="edit-user-role">
        <Form.Label>Role</Form.Label>
        <Form.Select disabled={isSelf} aria-describedby={isSelf ? 'edit-user-role-help' : undefined} {...register('role')}>
          {ROLE_CHOICES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Form.Select>
        {isSelf && <Form.Text id="edit-user-role-help">You cannot change your own role.</Form.Text>}
      </Form.Group>
      <Form.Group className="mb-4" controlId="edit-user-password">
        <Form.Label>New password (optional)</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby="edit-user-password-help"
          {...register('password')}
        />
        <Form.Text id="edit-user-password-help">
          Leave empty to keep the current password. A new password signs this admin out everywhere.
        </Form.Text>
      </Form.Group>
      <Button type="submit" variant="danger" disabled={update.isPending}>
        {update.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Save changes
      </Button>
    </Form>
  );
}
