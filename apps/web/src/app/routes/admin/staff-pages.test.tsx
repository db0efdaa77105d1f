import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/ui-texts';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import StaffEditPage from './staff-edit';
import StaffListPage from './staff-list';
import StaffNewPage from './staff-new';

const h = apiHarnessForFile();

const routes = [
  { path: paths.staffList, Component: StaffListPage },
  { path: paths.staffNew, Component: StaffNewPage },
  { path: paths.staffEdit, Component: StaffEditPage },
];

describe('admin pages', () => {
  it('opens the edit page with the chosen account', async () => {
    await h.signIn('superadmin');
    const sub = await h.t.createStaff('admin', { name: 'Chosen Sub' });
    renderRoutes(routes, [paths.staffList]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit Chosen Sub' }));
    expect(await screen.findByRole('heading', { name: 'Edit Admin' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Chosen Sub');
    expect(screen.getByLabelText('Email')).toHaveValue(sub.email);
    expect(screen.getByLabelText('Role')).toBeEnabled();
  });

  it('sends the edit page back to the list without navigation state', async () => {
    await h.signIn('superadmin');
    renderRoutes(routes, [paths.staffEdit]);
    expect(await screen.findByRole('heading', { name: 'Admin List' })).toBeInTheDocument();
  });

  it('sends the edit page back to the list when the state is not an account', async () => {
    await h.signIn('superadmin');
    renderRoutes(routes, [{ pathname: paths.staffEdit, state: { _id: '0123456789abcdef01234567', name: 'No email or role' } }]);
    expect(await screen.findByRole('heading', { name: 'Admin List' })).toBeInTheDocument();
  });

  it('locks the role when super-admins edit themselves', async () => {
    const me = await h.signIn('superadmin', { name: 'Office Owner' });
    renderRoutes(routes, [{ pathname: paths.staffEdit, state: { _id: me.id, name: 'Office Owner', email: me.email, role: 'superadmin' } }]);
    expect(await screen.findByText('You cannot change your own role.')).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toBeDisabled();
  });

  it('goes to the list after adding an admin, and the new admin is on it', async () => {
    await h.signIn('superadmin');
    renderRoutes(routes, [paths.staffNew]);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Brand New');
    await user.type(screen.getByLabelText('Email'), 'brand.new@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough pw');
    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    expect(await screen.findByRole('heading', { name: 'Admin List' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'brand.new@example.com' })).toBeInTheDocument();
  });

  it('tells a sub-admin they may not manage accounts, without asking the server for them', async () => {
    const sub = await h.signIn('admin');
    for (const path of [paths.staffList, paths.staffNew]) {
      const { unmount } = renderRoutes(routes, [path]);
      expect(await screen.findByRole('alert')).toHaveTextContent(SERVER.forbidden);
      expect(screen.queryByRole('textbox')).toBeNull();
      unmount();
    }
    renderRoutes(routes, [{ pathname: paths.staffEdit, state: { _id: sub.id, name: 'Me', email: sub.email, role: 'admin' } }]);
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER.forbidden);
    expect(within(document.body).queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(h.sent.map((r) => r.url)).toEqual(['/api/users/me', '/api/users/me', '/api/users/me']);
  });
});
