import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../test/http-stub';
import { renderRoutes } from '../../../../test/render';
import ProfilePage from './profile';
import SettingsPage from './setting';

const SUB = { _id: '89abcdef0123456789abcdef', name: 'Sub Admin', email: 'sub@example.com', role: 'admin' };
const NOW = '2026-11-21T10:00:00.000Z';
const SESSIONS = [
  {
    id: 'a1',
    current: true,
    signedInAt: NOW,
    lastUsedAt: NOW,
    expiresAt: NOW,
    ip: '127.0.0.1',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  },
  {
    id: 'b2',
    current: false,
    signedInAt: NOW,
    lastUsedAt: NOW,
    expiresAt: NOW,
    ip: '10.0.0.2',
    userAgent: 'Mozilla/5.0 (iPhone) Safari/605.1',
  },
];

const routes = [
  { path: '/profile', Component: ProfilePage },
  { path: '/setting', Component: SettingsPage },
  { path: '/login', Component: () => <h1>Staff Login</h1> },
];

describe('profile page', () => {
  it('edits the signed-in account and updates the cached account (sidebar, header)', async () => {
    const server = stubApi({
      'GET /api/users/me': { status: 200, data: SUB },
      'POST /api/users/profile': { status: 200, data: { ...SUB, name: 'Renamed Sub' } },
    });
    const { queryClient } = renderRoutes(routes, ['/profile']);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    expect(screen.getByLabelText('Email')).toHaveValue('sub@example.com');
    await user.clear(name);
    await user.type(name, 'Renamed Sub');
    await user.type(screen.getByLabelText('Password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toEqual({ ...SUB, name: 'Renamed Sub' }));
    expect(server.callsTo('POST /api/users/profile')).toHaveLength(1);
  });
});

describe('settings page', () => {
  it('shows the account, the app version and the signed-in devices', async () => {
    stubApi({ 'GET /api/users/me': { status: 200, data: SUB }, 'GET /api/users/sessions': { status: 200, data: SESSIONS } });
    renderRoutes(routes, ['/setting']);
    expect(await screen.findByText('sub@example.com')).toBeInTheDocument();
    expect(screen.getByText('Sub-admin')).toBeInTheDocument();
    expect(screen.getByTestId('app-version')).toHaveTextContent(/^\d+\.\d+\.\d+/);
    expect(await screen.findByText('Chrome on Linux')).toBeInTheDocument();
    expect(screen.getByText('Safari on iOS')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
  });

  it('signs out everywhere after confirmation and goes to the login page', async () => {
    const server = stubApi({
      'GET /api/users/me': { status: 200, data: SUB },
      'GET /api/users/sessions': { status: 200, data: SESSIONS },
      'POST /api/users/logout_all': { status: 200, data: { message: 'Signed out everywhere' } },
    });
    window.localStorage.setItem('token', 'tok');
    renderRoutes(routes, ['/setting']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' });
    expect(server.callsTo('POST /api/users/logout_all')).toEqual([]);
    await user.click(dialog.querySelector('.btn-danger')!);
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/users/logout_all')).toHaveLength(1);
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
