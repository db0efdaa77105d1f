import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { getToken, setToken } from '../../../lib/auth-storage';
import LoginPage from './login';

const h = apiHarnessForFile();

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/dashboard', Component: () => <h1>Dashboard</h1> },
  { path: paths.applicationList, Component: () => <h1>Application List</h1> },
];

async function signIn() {
  const staff = await h.t.createStaff('superadmin');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), staff.email);
  await user.type(screen.getByLabelText('Password'), staff.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('goes to the dashboard after signing in', async () => {
    renderRoutes(routes, ['/login']);
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(getToken()).toEqual(expect.any(String));
  });

  it('goes back to where the user was going', async () => {
    renderRoutes(routes, [{ pathname: '/login', state: { from: paths.applicationList } }]);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
  });

  it('never follows a return address off the site', async () => {
    renderRoutes(routes, [{ pathname: '/login', state: { from: '//evil.example.com/steal' } }]);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends someone already signed in straight on', async () => {
    await h.signIn('admin');
    renderRoutes(routes, ['/login']);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows the form when the stored token has no live session behind it', async () => {
    setToken('stale');
    renderRoutes(routes, ['/login']);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
