import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../test/http-stub';
import { renderRoutes } from '../../../../test/render';
import { getToken, setToken } from '../../../lib/auth-storage';
import LoginPage from './login';

const USER = { _id: '0123456789abcdef01234567', name: 'Office Owner', email: 'owner@example.com', role: 'superadmin' };

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/dashboard', Component: () => <h1>Dashboard</h1> },
  { path: '/application', Component: () => <h1>Application List</h1> },
];

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
  await user.type(screen.getByLabelText('Password'), 'owner-password-1');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('goes to the dashboard after signing in', async () => {
    stubApi({ 'POST /api/users/login': { status: 200, data: { token: 'tok', user: USER } } });
    renderRoutes(routes, ['/login']);
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(getToken()).toBe('tok');
  });

  it('goes back to where the user was going', async () => {
    stubApi({ 'POST /api/users/login': { status: 200, data: { token: 'tok', user: USER } } });
    renderRoutes(routes, [{ pathname: '/login', state: { from: '/application' } }]);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
  });

  it('never follows a return address off the site', async () => {
    stubApi({ 'POST /api/users/login': { status: 200, data: { token: 'tok', user: USER } } });
    renderRoutes(routes, [{ pathname: '/login', state: { from: '//evil.example.com/steal' } }]);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends someone already signed in straight on', async () => {
    stubApi({});
    setToken('tok');
    document.cookie = 'session=1; path=/';
    renderRoutes(routes, ['/login']);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows the form when the stored token has no live session behind it', async () => {
    stubApi({});
    setToken('stale');
    renderRoutes(routes, ['/login']);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
