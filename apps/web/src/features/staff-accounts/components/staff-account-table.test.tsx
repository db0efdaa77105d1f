import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { STAFF } from '@visa/shared/staff-account-texts';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { deleteStaffAccount } from '../api/delete-staff-account';
import { StaffAccountTable } from './staff-account-table';

const h = apiHarnessForFile();

const LIST = 'GET /api/users/get_users';

async function renderAsOwner() {
  const owner = await h.signIn('superadmin', { name: 'Office Owner' });
  const sub = await h.t.createStaff('admin', { name: `Sub ${owner.id.slice(-6)}` });
  const onEdit = vi.fn();
  renderRoutes(
    [{ path: paths.staffList, Component: () => <StaffAccountTable currentAccountId={owner.id} onEdit={onEdit} /> }],
    [paths.staffList],
  );
  return { owner, sub, subName: `Sub ${owner.id.slice(-6)}`, onEdit };
}

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: new RegExp(text) })).closest('tr')!;
const userRow = (id: string) => h.t.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();

describe('admin list', () => {
  it('shows every account with its real role', async () => {
    const { owner, sub, subName } = await renderAsOwner();
    const mine = await rowOf(owner.email);
    expect(within(mine).getByText('Super-admin')).toBeInTheDocument();
    expect(within(mine).getByText('(you)')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete Office Owner' })).toBeDisabled();
    const theirs = await rowOf(sub.email);
    expect(within(theirs).getByText('Sub-admin')).toBeInTheDocument();
    expect(within(theirs).getByText(subName)).toBeInTheDocument();
  });

  it('hands the account to the edit action', async () => {
    const { sub, subName, onEdit } = await renderAsOwner();
    await userEvent.setup().click(await screen.findByRole('button', { name: `Edit ${subName}` }));
    expect(onEdit).toHaveBeenCalledWith({ _id: sub.id, name: subName, email: sub.email, role: 'admin' });
  });

  it('asks before deleting, deletes, and fetches the list again on 200', async () => {
    const { sub, subName } = await renderAsOwner();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Delete ${subName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete admin' });
    expect(dialog).toHaveTextContent(`${subName} (${sub.email})`);
    expect(h.sent.filter((r) => r.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: sub.email })).toBeNull());
    expect(h.sentTo(`DELETE /api/users/delete_user/${sub.id}`).map((r) => r.outcome)).toEqual([200]);
    expect(h.sentTo(LIST)).toHaveLength(2);
    expect(await userRow(sub.id)).toBeUndefined();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { sub, subName } = await renderAsOwner();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Delete ${subName}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(h.sent.map((r) => r.method)).toEqual(['GET']);
    expect(await userRow(sub.id)).toBeDefined();
  });

  it("checks the id before calling: 'Invalid ID format'", async () => {
    await expect(deleteStaffAccount('not-a-real-id')).rejects.toThrow(VALIDATION.invalidId);
    await expect(deleteStaffAccount('0123456789ABCDEF01234567')).rejects.toThrow(VALIDATION.invalidId);
    expect(h.sent).toEqual([]);
  });

  it("shows 'Invalid ID format' for a tampered list entry and calls nothing", async () => {
    const owner = await h.signIn('superadmin', { name: 'Office Owner' });
    // Something between the server and the page (a caching proxy, an extension) altered the list.
    h.fault(LIST, {
      proxyStatus: 200,
      body: [
        { _id: owner.id, name: 'Office Owner', email: owner.email, role: 'superadmin' },
        { _id: 'not-a-real-id', name: 'Tampered', email: 'x@example.com', role: 'admin' },
      ],
    });
    renderRoutes(
      [{ path: paths.staffList, Component: () => <StaffAccountTable currentAccountId={owner.id} onEdit={vi.fn()} /> }],
      [paths.staffList],
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Tampered' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION.invalidId);
    expect(h.sent.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it("shows the server's reason when a delete is refused", async () => {
    const { sub, subName } = await renderAsOwner();
    const button = await screen.findByRole('button', { name: `Delete ${subName}` });
    // Someone else removed the account after the list was shown.
    await h.t.db.deleteFrom('users').where('id', '=', sub.id).execute();
    const user = userEvent.setup();
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF.notFound);
  });

  it('tells a sub-admin they may not see the list, in the server words', async () => {
    await h.signIn('admin');
    renderRoutes(
      [{ path: paths.staffList, Component: () => <StaffAccountTable currentAccountId={undefined} onEdit={vi.fn()} /> }],
      [paths.staffList],
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER.forbidden);
    expect(h.sentTo(LIST).map((r) => r.outcome)).toEqual([403]);
  });

  it('falls back to a plain message without a server answer', async () => {
    await h.signIn('superadmin');
    h.fault(LIST, 'network-error');
    renderRoutes(
      [{ path: paths.staffList, Component: () => <StaffAccountTable currentAccountId={undefined} onEdit={vi.fn()} /> }],
      [paths.staffList],
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF.loadFailed);
  });
});
