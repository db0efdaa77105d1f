import { useState } from 'react';
import { Alert, Badge, Table } from 'react-bootstrap';
import toast from 'react-hot-toast';
import type { User } from '@visa/shared/users';
import { ROLE_LABELS, STAFF } from '@visa/shared/staff-account-texts';
import { SERVER } from '@visa/shared/ui-texts';
import { CONFIRM, LOADING } from '@visa/shared/staff-texts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { serverMessage } from '../../../lib/api-client';
import { deleteStaffAccountErrorMessage, useDeleteStaffAccount } from '../api/delete-staff-account';
import { useStaffAccounts } from '../api/get-staff-accounts';
import { ActionsHeader, RowActions } from '../../../components/row-actions';
import { LoadingStatus } from '../../../components/loading-status';

interface Props {
  /** The signed-in account: it cannot delete itself, so its Delete button is disabled. */
  currentAccountId: string | undefined;
  onEdit: (account: User) => void;
}

/** The staff accounts with their real role (docs/product.md#who-uses-it), edit and delete. */
export function StaffAccountTable({ currentAccountId, onEdit }: Props) {
  const accounts = useStaffAccounts();
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

  if (accounts.isPending) {
    return <LoadingStatus className="py-4">{LOADING.admins}</LoadingStatus>;
  }
  if (accounts.isError) {
    return (
      <Alert variant="danger" role="alert">
        {serverMessage(accounts.error) ?? STAFF.loadFailed}
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
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {accounts.data.length === 0 && (
            <tr>
              <td colSpan={5}>No admins found.</td>
            </tr>
          )}
          {accounts.data.map((account, index) => {
            const isSelf = account._id === currentAccountId;
            return (
              <tr key={account._id}>
                <td data-label="#">{index + 1}</td>
                <td data-label="Name">
                  {account.name}
                  {isSelf && <span className="text-body-secondary small"> (you)</span>}
                </td>
                <td data-label="Email">{account.email}</td>
                <td data-label="Role">
                  <Badge bg={account.role === 'superadmin' ? 'dark' : 'secondary'}>{ROLE_LABELS[account.role]}</Badge>
                </td>
                <RowActions
                  name={account.name}
                  onEdit={() => onEdit(account)}
                  deleteDisabled={isSelf || (remove.isPending && remove.variables === account._id)}
                  deleteTitle={isSelf ? SERVER.cannotDeleteSelf : undefined}
                  onDelete={() => {
                    remove.reset();
                    setTarget(account);
                    setConfirming(true);
                  }}
                />
              </tr>
            );
          })}
        </tbody>
      </Table>

      <ConfirmDialog
        show={confirming}
        title={CONFIRM.deleteStaffAccount.title}
        confirmLabel={CONFIRM.deleteStaffAccount.confirm}
        onConfirm={confirmDelete}
        onCancel={close}
      >
        {target && (
          <p className="mb-0">
            {CONFIRM.deleteStaffAccount.lead} <strong>{target.name}</strong> {CONFIRM.deleteStaffAccount.rest(target.email)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
