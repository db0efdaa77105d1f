import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_INTERVAL_MS } from '@visa/shared/constants';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { login } from '../../../features/auth/api/login';
import { getToken, setToken } from '../../../lib/auth-storage';
import NotFound from '../not-found';
import StaffLayout from './layout';
import rootPackage from '../../../../../../package.json?raw';

const h = apiHarnessForFile();
afterEach(() => {
  vi.useRealTimers();
});

function LoginProbe() {
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  return (
    <>
      <h1>Staff Login</h1>
      <p data-testid="return-to">{state?.from ?? ''}</p>
      <p data-testid="reason">{new URLSearchParams(location.search).get('reason') ?? ''}</p>
    </>
  );
}

const routes = [
  { path: '/login', Component: LoginProbe },
  { path: '/', Component: () => <h1>Home</h1> },
  {
    Component: StaffLayout,
    children: [
      { path: '/dashboard', Component: () => <h1>Dashboard</h1> },
      { path: paths.applicationList, Component: () => <h1>Application List</h1> },
    ],
  },
  { path: '*', Component: NotFound },
];

const liveSessions = (userId: string) =>
  h.t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();

describe('staff layout guard', () => {
  it('sends a visitor without a token to the login page, remembering where they were going', async () => {
    renderRoutes(routes, [`${paths.applicationList}?page=2`]);
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(screen.getByTestId('return-to')).toHaveTextContent(`${paths.applicationList}?page=2`);
  });

  it('redirects an unknown path to the home page', async () => {
    renderRoutes(routes, ['/no/such/page']);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});

describe('staff footer', () => {
  it('names the version the server runs, from its health check', async () => {
    const { version } = JSON.parse(rootPackage) as { version: string };
    await h.signIn('admin', { name: 'Sub Admin' });
    renderRoutes(routes, ['/dashboard']);
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() => expect(footer).toHaveTextContent(`Canada Visa Desk version ${version}`));
  });
});

describe('staff sidebar', () => {
  it('shows a super-admin the Sub-admin group, their name and role', async () => {
    await h.signIn('superadmin', { name: 'Office Owner' });
    renderRoutes(routes, ['/dashboard']);
    const nav = await screen.findByRole('navigation', { name: 'Staff' });
    expect(await within(nav).findByRole('link', { name: 'Admin List' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Add Admin' })).toBeInTheDocument();
    expect(within(nav).getByText('Sub-admin')).toBeInTheDocument();
    expect(screen.getByTestId('header-user')).toHaveTextContent('Signed in as Office Owner (Super-admin)');
  });

  it('hides the Sub-admin group from a sub-admin', async () => {
    await h.signIn('admin', { name: 'Sub Admin' });
    renderRoutes(routes, ['/dashboard']);
    const nav = await screen.findByRole('navigation', { name: 'Staff' });
    expect(await screen.findByTestId('header-user')).toHaveTextContent('Signed in as Sub Admin (Sub-admin)');
    expect(within(nav).queryByRole('link', { name: 'Admin List' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Add Admin' })).toBeNull();
    for (const label of [
      'Dashboard',
      'Application List',
      'Add Application',
      'Passports we hold',
      'Slider List',
      'Add Slider',
      'Profile',
      'Settings',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
  });

  it('toggles open and closed', async () => {
    await h.signIn('admin');
    renderRoutes(routes, ['/dashboard']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hide menu' }));
    expect(screen.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('staff-sidebar')).toHaveClass('closed');
    await user.click(screen.getByRole('button', { name: 'Show menu' }));
    expect(document.getElementById('staff-sidebar')).not.toHaveClass('closed');
  });

  it('on a phone, opens over the page: focus moves into it, the page behind is inert, Escape closes it and focus returns to the toggle', async () => {
    const width = window.innerWidth;
    window.innerWidth = 375;
    try {
      await h.signIn('admin');
      renderRoutes(routes, ['/dashboard']);
      const user = userEvent.setup();
      const toggle = await screen.findByRole('button', { name: 'Show menu' });
      expect(document.getElementById('staff-sidebar')).toHaveClass('closed');
      await user.click(toggle);
      expect(await screen.findByRole('button', { name: 'Close menu' })).toHaveFocus();
      expect(document.querySelector('.staff-content')).toHaveAttribute('inert');
      await user.keyboard('{Escape}');
      expect(document.getElementById('staff-sidebar')).toHaveClass('closed');
      expect(screen.getByRole('button', { name: 'Show menu' })).toHaveFocus();
      expect(document.querySelector('.staff-content')).not.toHaveAttribute('inert');
      // The Close button does the same; picking a page closes the menu too.
      await user.click(screen.getByRole('button', { name: 'Show menu' }));
      await user.click(screen.getByRole('button', { name: 'Close menu' }));
      expect(screen.getByRole('button', { name: 'Show menu' })).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Show menu' }));
      await user.click(within(screen.getByRole('navigation', { name: 'Staff' })).getByRole('link', { name: 'Application List' }));
      expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
      expect(document.getElementById('staff-sidebar')).toHaveClass('closed');
    } finally {
      window.innerWidth = width;
    }
  });

  it('on a phone, fills the closed menu once the page has drawn, and at once when it is opened before', async () => {
    const width = window.innerWidth;
    const idle = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback };
    // The browser's idle moments, held until the test says so.
    const waiting: IdleRequestCallback[] = [];
    window.innerWidth = 375;
    window.requestIdleCallback = (callback) => waiting.push(callback);
    window.cancelIdleCallback = () => undefined;
    const menuLinks = () => within(document.getElementById('staff-sidebar')!).queryAllByRole('link', { hidden: true });
    try {
      await h.signIn('admin');
      const first = renderRoutes(routes, ['/dashboard']);
      await screen.findByRole('button', { name: 'Show menu' });
      expect(menuLinks()).toHaveLength(0);
      act(() => waiting.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })));
      expect(menuLinks().map((link) => link.textContent)).toContain('Application List');
      first.unmount();

      const second = renderRoutes(routes, ['/dashboard']);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Show menu' }));
      expect(within(screen.getByRole('navigation', { name: 'Staff' })).getByRole('link', { name: 'Application List' })).toBeVisible();
      // While the idle callbacks are still the test's, whose cancelling the menu calls as it goes.
      second.unmount();
    } finally {
      window.innerWidth = width;
      window.requestIdleCallback = idle.request;
      window.cancelIdleCallback = idle.cancel;
    }
  });

  it('logs out on the server, forgets the token and goes to the login page saying so', async () => {
    const staff = await h.signIn('admin');
    renderRoutes(routes, ['/dashboard']);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(screen.getByTestId('reason')).toHaveTextContent('signed-out');
    expect(h.sentTo('POST /api/users/logout').map((r) => r.outcome)).toEqual([200]);
    expect(getToken()).toBeNull();
    expect(await liveSessions(staff.id)).toEqual([]);
  });

  it('still signs out locally when the server cannot be reached', async () => {
    await h.signIn('admin');
    h.fault('POST /api/users/logout', 'network-error');
    renderRoutes(routes, ['/dashboard']);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});

describe('session', () => {
  it('checks every 60 seconds and sends the user to sign in once the session cookie is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await h.signIn('admin');
    renderRoutes(routes, [paths.applicationList]);
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS));
    expect(screen.getByRole('heading', { name: 'Application List' })).toBeInTheDocument();

    // Moving between pages does not restart the 60-second clock.
    act(() => vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS - 1_000));
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    document.cookie = 'session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    act(() => vi.advanceTimersByTime(1_000));
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(screen.getByTestId('return-to')).toHaveTextContent('/dashboard');
    // The marker cookie lives until the session's absolute end.
    expect(screen.getByTestId('reason')).toHaveTextContent('expired');
    expect(getToken()).toBeNull();
  });

  it('refreshes once on a 401 with the refresh cookie and carries on with the new token', async () => {
    const staff = await h.t.createStaff('admin', { name: 'Sub Admin' });
    await login({ email: staff.email, password: staff.password });
    // The access token has gone bad (expired, say); the refresh cookie is still good.
    setToken('expired.access.token');
    renderRoutes(routes, ['/dashboard']);
    expect(await screen.findByTestId('header-user')).toHaveTextContent('Sub Admin');
    expect(h.sentTo('GET /api/users/me').map((r) => r.outcome)).toEqual([401, 200]);
    expect(h.sentTo('POST /api/users/refresh').map((r) => r.outcome)).toEqual([200]);
    expect(getToken()).not.toBe('expired.access.token');
  });

  it('sends the user to sign in, remembering the page, when the session cannot be renewed', async () => {
    setToken('expired.access.token');
    document.cookie = 'session=1; path=/';
    renderRoutes(routes, [paths.applicationList]);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Staff Login' })).toBeInTheDocument());
    expect(screen.getByTestId('return-to')).toHaveTextContent(paths.applicationList);
    // No refresh cookie: nothing to say but that the session has ended.
    expect(screen.getByTestId('reason')).toHaveTextContent('expired');
    expect(h.sentTo('POST /api/users/refresh').map((r) => r.outcome)).toEqual([401]);
    expect(getToken()).toBeNull();
  });
});
