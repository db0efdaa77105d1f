import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_INTERVAL_MS } from '@visa/shared/constants';
import { stubApi } from '../../../../test/http-stub';
import { renderRoutes } from '../../../../test/render';
import { getToken, setToken } from '../../../lib/auth-storage';
import NotFound from '../not-found';
import StaffLayout from './layout';

const OWNER = { _id: '0123456789abcdef01234567', name: 'Office Owner', email: 'owner@example.com', role: 'superadmin' };
const SUB = { _id: '89abcdef0123456789abcdef', name: 'Sub Admin', email: 'sub@example.com', role: 'admin' };

function LoginProbe() {
  return <h1>Staff Login</h1>;
}

const routes = [
  { path: '/login', Component: LoginProbe },
  { path: '/', Component: () => <h1>Home</h1> },
  {
    Component: StaffLayout,
    children: [
      { path: '/dashboard', Component: () => <h1>Dashboard</h1> },
      { path: '/application', Component: () => <h1>Application List</h1> },
    ],
  },
  { path: '*', Component: NotFound },
];

const signedIn = () => {
  setToken('tok');
  document.cookie = 'session=1; path=/';
};

afterEach(() => {
  vi.useRealTimers();
});

describe('staff layout guard', () => {
  it('sends a visitor without a token to the login page', async () => {
    renderRoutes(routes, ['/dashboard']);
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
  });

  it('redirects an unknown path to the home page', async () => {
    renderRoutes(routes, ['/no/such/page']);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});

describe('staff sidebar', () => {
  it('shows a super-admin the Sub-admin group, their name and role', async () => {
    stubApi({ 'GET /api/users/me': { status: 200, data: OWNER } });
    signedIn();
    renderRoutes(routes, ['/dashboard']);
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(await within(nav).findByRole('link', { name: 'Admin List' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Add Admin' })).toBeInTheDocument();
    expect(within(nav).getByText('Sub-admin')).toBeInTheDocument();
    expect(screen.getByTestId('header-user')).toHaveTextContent('Signed in as Office Owner (Super-admin)');
  });

  it('hides the Sub-admin group from a sub-admin', async () => {
    stubApi({ 'GET /api/users/me': { status: 200, data: SUB } });
    signedIn();
    renderRoutes(routes, ['/dashboard']);
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(await screen.findByTestId('header-user')).toHaveTextContent('Signed in as Sub Admin (Sub-admin)');
    expect(within(nav).queryByRole('link', { name: 'Admin List' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Add Admin' })).toBeNull();
    for (const label of ['Dashboard', 'Application List', 'Add Application', 'Slider List', 'Add Slider', 'Profile', 'Settings']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
  });

  it('toggles open and closed', async () => {
    stubApi({ 'GET /api/users/me': { status: 200, data: SUB } });
    signedIn();
    renderRoutes(routes, ['/dashboard']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Hide menu' }));
    expect(screen.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('staff-sidebar')).toHaveClass('closed');
    await user.click(screen.getByRole('button', { name: 'Show menu' }));
    expect(document.getElementById('staff-sidebar')).not.toHaveClass('closed');
  });

  it('logs out on the server, forgets the token and goes home', async () => {
    const server = stubApi({
      'GET /api/users/me': { status: 200, data: SUB },
      'POST /api/users/logout': { status: 200, data: { message: 'Signed out' } },
    });
    signedIn();
    renderRoutes(routes, ['/dashboard']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/users/logout')).toHaveLength(1);
    expect(getToken()).toBeNull();
  });

  it('still signs out locally when the server cannot be reached', async () => {
    stubApi({ 'GET /api/users/me': { status: 200, data: SUB }, 'POST /api/users/logout': 'network-error' });
    signedIn();
    renderRoutes(routes, ['/dashboard']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});

describe('session', () => {
  it('checks every 60 seconds and sends the user to sign in once the session cookie is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ 'GET /api/users/me': { status: 200, data: SUB } });
    signedIn();
    renderRoutes(routes, ['/application']);
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS));
    expect(screen.getByRole('heading', { name: 'Application List' })).toBeInTheDocument();

    document.cookie = 'session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    act(() => vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS));
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('refreshes once on a 401 and carries on with the new token', async () => {
    const server = stubApi({
      'GET /api/users/me': [
        { status: 401, data: { message: 'Please sign in to continue.' } },
        { status: 200, data: SUB },
      ],
      'POST /api/users/refresh': { status: 200, data: { token: 'fresh', user: SUB } },
    });
    signedIn();
    renderRoutes(routes, ['/dashboard']);
    expect(await screen.findByTestId('header-user')).toHaveTextContent('Sub Admin');
    expect(getToken()).toBe('fresh');
    expect(server.callsTo('GET /api/users/me')[1]?.headers.Authorization).toBe('Bearer fresh');
  });

  it('sends the user to sign in when the session cannot be renewed', async () => {
    stubApi({
      'GET /api/users/me': { status: 401, data: { message: 'Please sign in to continue.' } },
      'POST /api/users/refresh': { status: 401, data: { message: 'Please sign in to continue.' } },
    });
    signedIn();
    renderRoutes(routes, ['/dashboard']);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Staff Login' })).toBeInTheDocument());
    expect(getToken()).toBeNull();
  });
});
