import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import ProfilePage from './profile';
import SettingsPage from './settings';

const h = apiHarnessForFile();

const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const routes = [
  { path: '/profile', Component: ProfilePage },
  { path: paths.settings, Component: SettingsPage },
  { path: '/login', Component: () => <h1>Staff Login</h1> },
];

describe('profile page', () => {
  it('edits the signed-in account and updates the cached account (sidebar, header)', async () => {
    const staff = await h.signIn('admin', { name: 'Sub Admin' });
    const { queryClient } = renderRoutes(routes, ['/profile']);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    expect(screen.getByLabelText('Email')).toHaveValue(staff.email);
    await user.clear(name);
    await user.type(name, 'Renamed Sub');
    await user.type(screen.getByLabelText('Current password'), staff.password);
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(queryClient.getQueryData(['users', 'me'])).toEqual({ _id: staff.id, name: 'Renamed Sub', email: staff.email, role: 'admin' }),
    );
    expect(h.sentTo('POST /api/users/profile').map((r) => r.outcome)).toEqual([200]);
  });
});

describe('settings page', () => {
  it('shows the account, the app version and the signed-in devices', async () => {
    const staff = await h.signIn('admin');
    for (const userAgent of [CHROME_ON_LINUX, SAFARI_ON_IPHONE]) {
      await h.t.request({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: staff.email, password: staff.password },
        headers: { 'user-agent': userAgent },
      });
    }
    renderRoutes(routes, [paths.settings]);
    expect(await screen.findByText(staff.email)).toBeInTheDocument();
    expect(screen.getByText('Sub-admin')).toBeInTheDocument();
    expect(screen.getByTestId('app-version')).toHaveTextContent(/^\d+\.\d+\.\d+/);
    const devices = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(within(devices).getAllByRole('listitem')).toHaveLength(3);
    expect(within(devices).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(devices).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(devices).getAllByText('This device')).toHaveLength(1);
  });

  it('signs out everywhere after confirmation and goes to the login page', async () => {
    const staff = await h.signIn('admin');
    const other = await h.t.request({ method: 'POST', url: '/api/users/login', payload: { email: staff.email, password: staff.password } });
    renderRoutes(routes, [paths.settings]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' });
    expect(h.sentTo('POST /api/users/logout_all')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(h.sentTo('POST /api/users/logout_all').map((r) => r.outcome)).toEqual([200]);
    expect(window.localStorage.getItem('token')).toBeNull();
    const otherToken = other.json().token as string;
    expect((await h.t.request({ method: 'GET', url: '/api/users/me', token: otherToken })).statusCode).toBe(401);
  });
});
