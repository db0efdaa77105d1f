import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Form } from 'react-bootstrap';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '@visa/shared/constants';
import { UpdateUserInputSchema, type User } from '@visa/shared/users';
import { ROLE_LABELS } from '@visa/shared/staff-account-texts';
import { updateStaffAccountErrorMessage, useUpdateStaffAccount } from '../api/update-staff-account';
import { ROLE_CHOICES, firstMessage } from './first-message';
import { PasswordField, passwordFieldMessage } from '../../../components/password-field';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

/** An empty "new password" box means "keep the current password". */
const EditStaffAccountFormSchema = UpdateUserInputSchema.extend({
  password: z
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(UpdateUserInputSchema.shape.password),
});
type EditStaffAccountFormValues = z.input<typeof EditStaffAccountFormSchema>;
type EditStaffAccountFormOutput = z.output<typeof EditStaffAccountFormSchema>;

interface Props {
  account: User;
  /** Nobody changes their own role (the server refuses it too). */
  isSelf: boolean;
  onSaved: (account: User) => void;
}

/** Editing an admin; its messages are the product's (docs/product.md#messages). */
export function EditStaffAccountForm({ account, isSelf, onSaved }: Props) {
  const pageForm = usePageForm('Saving…');
  const update = useUpdateStaffAccount();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditStaffAccountFormValues, unknown, EditStaffAccountFormOutput>({
    resolver: zodResolver(EditStaffAccountFormSchema),
    defaultValues: { name: account.name, email: account.email, role: account.role, password: '' },
  });

  const passwordMessage = passwordFieldMessage(errors.password?.message, update.isError ? update.error : null, 'password');
  const validation = firstMessage(errors, ['name', 'email', 'role', 'password']);
  const atTop = validation && validation !== passwordMessage ? validation : undefined;
  const message = atTop ?? (update.isError && !passwordMessage ? updateStaffAccountErrorMessage(update.error) : undefined);

  return (
    <Form
      {...pageForm}
      noValidate
      onSubmit={handleSubmit(
        ({ role, ...rest }) =>
          // The role box is shown but locked for your own account; nothing to send.
          update.mutate({ id: account._id, input: isSelf ? rest : { ...rest, role } }, { onSuccess: (saved) => onSaved(saved) }),
        () => update.reset(),
      )}
    >
      {message && (
        <Alert variant="danger" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="edit-staff-account-name">
        <Form.Label>Name</Form.Label>
        <Form.Control autoComplete="off" aria-invalid={Boolean(errors.name)} {...register('name')} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="edit-staff-account-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" autoComplete="off" aria-invalid={Boolean(errors.email)} {...register('email')} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="edit-staff-account-role">
        <Form.Label>Role</Form.Label>
        <Form.Select disabled={isSelf} aria-describedby={isSelf ? 'edit-staff-account-role-help' : undefined} {...register('role')}>
          {ROLE_CHOICES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Form.Select>
        {isSelf && <Form.Text id="edit-staff-account-role-help">You cannot change your own role.</Form.Text>}
      </Form.Group>
      <PasswordField
        id="edit-staff-account-password"
        label="New password (optional)"
        autoComplete="new-password"
        registration={register('password')}
        message={passwordMessage}
        invalid={Boolean(errors.password)}
        help={`Leave empty to keep the current password. A new one: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not a common password and not the email name; it signs this admin out everywhere.`}
        className="mb-4"
      />
      <PendingButton type="submit" variant="danger" pending={update.isPending}>
        Save changes
      </PendingButton>
    </Form>
  );
}
