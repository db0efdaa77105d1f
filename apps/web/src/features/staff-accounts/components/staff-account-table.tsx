import { useState } from 'react';
import { Alert, Badge, Button, Spinner, Table } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { ROLE_LABELS, STAFF, type User } from '@visa/shared/users';
import { SERVER } from '@visa/shared/messages';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { serverMessage } from '../../../lib/api-client';
import { deleteStaffAccountErrorMessage, useDeleteStaffAccount } from '../api/delete-staff-account';
import { useStaffAccounts } from '../api/get-staff-accounts';

interface Props {
  /** The signed-in account: it cannot delete itself, so its Delete button is disabled. */
  currentUserId: string | undefined;
  onEdit: (user: User) => void;
}

/** The staff accounts with their real role (docs/product.md#who-uses-it), edit and delete. */
export function StaffAccountTable({ currentUserId, onEdit }: Props) {
  const users = useStaffAccounts();
  const remove = useDeleteStaffAccount();
  // Dismissible alerts run without transitions: react-bootstrap 2.9's transitions read
  // element.ref, which React 19 reports as an error (ADR 0006).
  const [target, setTarget] = useState<User | null>(null);
  const [confirming, setConfirming] = useState(false);

  const close = () => setConfirming(false);
  const confirmDelete = () => {
    setConfirming(false);
    if (target) remove.mutate(target._id, { onSuccess: () => toast.success(STAFF.deleted) });
  };

  if (users.isPending) {
    return (
      <div role="status" className="py-4">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span className="ms-2">Loading admins…</span>
      </div>
    );
  }
  if (users.isError) {
    return (
      <Alert variant="danger" role="alert">
        {serverMessage(users.error) ?? STAFF.loadFailed}
      </Alert>
    );
  }

  return (
    <>
      {remove.isError && (
        <Alert variant="danger" role="alert" dismissible transition={false} onClose={() => remove.reset()}>
          {deleteStaffAccountErrorMessage(remove.error)}
        </Alert>
      )}
      <Table responsive hover className="bg-white align-middle stack-table">
        <caption className="visually-hidden">Staff accounts</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.data.length === 0 && (
            <tr>
              <td colSpan={5}>No admins found.</td>
            </tr>
          )}
          {users.data.map((user, index) => {
            const isSelf = user._id === currentUserId;
            return (
              <tr key={user._id}>
                <td data-label="#">{index + 1}</td>
                <td data-label="Name">
                  {user.name}
                  {isSelf && <span className="text-body-secondary small"> (you)</span>}
                </td>
                <td data-label="Email">{user.email}</td>
                <td data-label="Role">
                  <Badge bg={user.role === 'superadmin' ? 'dark' : 'secondary'}>{ROLE_LABELS[user.role]}</Badge>
                </td>
                <td className="text-end text-nowrap">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    className="me-2"
                    aria-label={`Edit ${user.name}`}
                    onClick={() => onEdit(user)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete ${user.name}`}
                    disabled={isSelf || (remove.isPending && remove.variables === user._id)}
                    title={isSelf ? SERVER.cannotDeleteSelf : undefined}
                    onClick={() => {
                      remove.reset();
                      setTarget(user);
                      setConfirming(true);
                    }}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>

      <ConfirmDialog show={confirming} title="Delete admin" confirmLabel="Delete" onConfirm={confirmDelete} onCancel={close}>
        {target && (
          <p className="mb-0">
            Delete <strong>{target.name}</strong> ({target.email})? They are signed out at once and can no longer sign in. This cannot be
            undone.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
