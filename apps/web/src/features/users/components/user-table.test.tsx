import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SERVER, VALIDATION } from '@visa/shared/messages';
import { STAFF, type User } from '@visa/shared/users';
import { stubApi } from '../../../../test/http-stub';
import { renderRoutes } from '../../../../test/render';
import { UserTable } from './user-table';

const OWNER: User = { _id: '0123456789abcdef01234567', name: 'Office Owner', email: 'owner@example.com', role: 'superadmin' };
const SUB: User = { _id: '89abcdef0123456789abcdef', name: 'Sub Admin', email: 'sub@example.com', role: 'admin' };

function renderTable(onEdit = vi.fn()) {
  renderRoutes(
    [{ path: '/userManagement', Component: () => <UserTable currentUserId={OWNER._id} onEdit={onEdit} /> }],
    ['/userManagement'],
  );
  return onEdit;
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name: new RegExp(name) })).closest('tr')!;

describe('admin list', () => {
  it('shows every account with its real role', async () => {
    stubApi({ 'GET /api/users/get_users': { status: 200, data: [OWNER, SUB] } });
    renderTable();
    const owner = await rowOf('Office Owner');
    expect(within(owner).getByText('Super-admin')).toBeInTheDocument();
    expect(within(owner).getByText('(you)')).toBeInTheDocument();
    expect(within(owner).getByRole('button', { name: 'Delete Office Owner' })).toBeDisabled();
    const sub = await rowOf('Sub Admin');
    expect(within(sub).getByText('Sub-admin')).toBeInTheDocument();
    expect(within(sub).getByText('sub@example.com')).toBeInTheDocument();
  });

  it('hands the account to the edit action', async () => {
    stubApi({ 'GET /api/users/get_users': { status: 200, data: [OWNER, SUB] } });
    const onEdit = renderTable();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit Sub Admin' }));
    expect(onEdit).toHaveBeenCalledWith(SUB);
  });

  it('asks before deleting, deletes, and fetches the list again on 200', async () => {
    const server = stubApi({
      'GET /api/users/get_users': [
        { status: 200, data: [OWNER, SUB] },
        { status: 200, data: [OWNER] },
      ],
      [`DELETE /api/users/delete_user/${SUB._id}`]: { status: 200, data: { message: 'Deleted', _id: SUB._id } },
    });
    renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Sub Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete admin' });
    expect(dialog).toHaveTextContent('Sub Admin (sub@example.com)');
    expect(server.callsTo(`DELETE /api/users/delete_user/${SUB._id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: /Sub Admin/ })).toBeNull());
    expect(server.callsTo(`DELETE /api/users/delete_user/${SUB._id}`)).toHaveLength(1);
    expect(server.callsTo('GET /api/users/get_users')).toHaveLength(2);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const server = stubApi({ 'GET /api/users/get_users': { status: 200, data: [OWNER, SUB] } });
    renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Sub Admin' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.map((c) => c.method)).toEqual(['GET']);
  });

  it("refuses a malformed id with 'Invalid ID format' and calls nothing", async () => {
    const broken = { ...SUB, _id: 'not-a-real-id' };
    const server = stubApi({ 'GET /api/users/get_users': { status: 200, data: [OWNER, broken] } });
    renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Sub Admin' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION.invalidId);
    expect(server.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it("shows the server's reason when a delete is refused", async () => {
    stubApi({
      'GET /api/users/get_users': { status: 200, data: [OWNER, SUB] },
      [`DELETE /api/users/delete_user/${SUB._id}`]: { status: 409, data: { message: SERVER.lastSuperadmin } },
    });
    renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Sub Admin' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER.lastSuperadmin);
    expect(screen.getByRole('cell', { name: /Sub Admin/ })).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, in the server words if any', async () => {
    stubApi({ 'GET /api/users/get_users': [{ status: 403, data: { message: SERVER.forbidden } }] });
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER.forbidden);
  });

  it('falls back to a plain message without one', async () => {
    stubApi({ 'GET /api/users/get_users': 'network-error' });
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF.loadFailed);
  });
});
