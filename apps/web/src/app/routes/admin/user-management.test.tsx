import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/messages';
import { stubApi } from '../../../../test/http-stub';
import { renderRoutes } from '../../../../test/render';
import AddUserManagementPage from './add-user-management';
import EditUserManagementPage from './edit-user-management';
import UserManagementPage from './user-management';

const OWNER = { _id: '0123456789abcdef01234567', name: 'Office Owner', email: 'owner@example.com', role: 'superadmin' };
const SUB = { _id: '89abcdef0123456789abcdef', name: 'Sub Admin', email: 'sub@example.com', role: 'admin' };

const routes = [
  { path: '/userManagement', Component: UserManagementPage },
  { path: '/addUserManagement', Component: AddUserManagementPage },
  { path: '/editUserManagement', Component: EditUserManagementPage },
];

describe('admin pages', () => {
  it('opens the edit page with the chosen account', async () => {
    stubApi({ 'GET /api/users/me': { status: 200, data: OWNER }, 'GET /api/users/get_users': { status: 200, data: [OWNER, SUB] } });
    renderRoutes(routes, ['/userManagement']);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit Sub Admin' }));
    expect(await screen.findByRole('heading', { name: 'Edit Admin' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Sub Admin');
    expect(screen.getByLabelText('Email')).toHaveValue('sub@example.com');
    expect(screen.getByLabelText('Role')).toBeEnabled();
  });

  it('sends the edit page back to the list without navigation state', async () => {
    stubApi({ 'GET /api/users/me': { status: 200, data: OWNER }, 'GET /api/users/get_users': { status: 200, data: [OWNER] } });
    renderRoutes(routes, ['/editUserManagement']);
    expect(await screen.findByRole('heading', { name: 'Admin List' })).toBeInTheDocument();
  });

  it('sends the edit page back to the list when the state is not an account', async () => {
    stubApi({ 'GET /api/users/me': { status: 200, data: OWNER }, 'GET /api/users/get_users': { status: 200, data: [OWNER] } });
    renderRoutes(routes, [{ pathname: '/editUserManagement', state: { _id: SUB._id, name: 'No email or role' } }]);
    expect(await screen.findByRole('heading', { name: 'Admin List' })).toBeInTheDocument();
  });

  it('locks the role when super-admins edit themselves', async () => {
    stubApi({ 'GET /api/users/me': { status: 200, data: OWNER } });
    renderRoutes(routes, [{ pathname: '/editUserManagement', state: OWNER }]);
    expect(await screen.findByText('You cannot change your own role.')).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toBeDisabled();
  });

  it('goes to the list after adding an admin', async () => {
    stubApi({
      'GET /api/users/me': { status: 200, data: OWNER },
      'POST /api/users/add_user': { status: 201, data: SUB },
      'GET /api/users/get_users': { status: 200, data: [OWNER, SUB] },
    });
    renderRoutes(routes, ['/addUserManagement']);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Sub Admin');
    await user.type(screen.getByLabelText('Email'), 'sub@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough pw');
    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    expect(await screen.findByRole('heading', { name: 'Admin List' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: /Sub Admin/ })).toBeInTheDocument();
  });

  it('tells a sub-admin they may not manage accounts, without asking the server for them', async () => {
    for (const path of ['/userManagement', '/addUserManagement']) {
      const server = stubApi({ 'GET /api/users/me': { status: 200, data: SUB } });
      const { unmount } = renderRoutes(routes, [path]);
      expect(await screen.findByRole('alert')).toHaveTextContent(SERVER.forbidden);
      expect(server.callsTo('GET /api/users/get_users')).toEqual([]);
      expect(screen.queryByRole('textbox')).toBeNull();
      unmount();
    }
    const server = stubApi({ 'GET /api/users/me': { status: 200, data: SUB } });
    renderRoutes(routes, [{ pathname: '/editUserManagement', state: OWNER }]);
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER.forbidden);
    expect(within(document.body).queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(server.calls.map((c) => c.url)).toEqual(['/api/users/me']);
  });
});
