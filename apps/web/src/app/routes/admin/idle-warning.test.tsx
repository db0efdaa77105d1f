import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '@visa/shared/api-paths';
import { SESSION } from '@visa/shared/ui-texts';
import { BACKGROUND_HEADER, BACKGROUND_VALUE } from '@visa/shared/session-rules';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { login } from '../../../features/auth/api/login';
import { api } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-storage';
import StaffLayout from './layout';

/**
 * The warning before the idle limit and the trip to the login page when the session ends (ADR 0018),
 * against the real API. Fake timers move the page's clock and the API's together (they share this
 * process), so half an hour passes at once.
 */

const h = apiHarnessForFile();
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

function LoginProbe() {
  const location = useLocation();
  return (
    <>
      <h1>Staff Login</h1>
      <p data-testid="return-to">{(location.state as { from?: string } | null)?.from ?? ''}</p>
      <p data-testid="reason">{new URLSearchParams(location.search).get('reason') ?? ''}</p>
    </>
  );
}

const routes = [
  { path: paths.login, Component: LoginProbe },
  { Component: StaffLayout, children: [{ path: paths.applicationList, Component: () => <h1>Application List</h1> }] },
];

/**
 * Signed in through the form's call (so the browser holds a refresh cookie, and the 15-minute
 * access token is renewed as it would be) on the application list, the limits learnt from the server.
 */
async function openStaffPage() {
  const staff = await h.t.createStaff('admin');
  await login({ email: staff.email, password: staff.password });
  renderRoutes(routes, [`${paths.applicationList}?page=2`]);
  expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
  await waitFor(() => expect(h.sentTo('GET /api/users/session').map((r) => r.outcome)).toEqual([200]));
}

const pass = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

const dialog = () => screen.queryByRole('dialog', { name: SESSION.idleWarningTitle });

describe('idle warning', () => {
  it('asks a minute before the idle limit, with focus on Stay signed in, and staying keeps the session', async () => {
    await openStaffPage();
    await pass(28 * MINUTE);
    expect(dialog()).toBeNull();
    await pass(MINUTE + 1_000);
    const warning = await screen.findByRole('dialog', { name: SESSION.idleWarningTitle });
    expect(warning).toHaveAccessibleDescription(SESSION.idleWarning);
    await waitFor(() => expect(screen.getByRole('button', { name: SESSION.staySignedIn })).toHaveFocus());

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).keyboard('{Enter}');
    await waitFor(() => expect(dialog()).toBeNull());
    // The 15-minute access token had run out: renewed (which is not activity), then the call went through.
    expect(h.sentTo('POST /api/users/session').map((r) => r.outcome)).toEqual([401, 200]);
    expect(h.sentTo('POST /api/users/refresh').map((r) => r.outcome)).toEqual([200]);

    // A whole idle period later the session still lives, and the warning comes round again.
    await pass(29 * MINUTE + 1_000);
    expect(await screen.findByRole('dialog', { name: SESSION.idleWarningTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Application List' })).toBeInTheDocument();
    expect(getToken()).not.toBeNull();
  });

  it('checks the session in the background only, so the checks never keep it alive', async () => {
    await openStaffPage();
    const checks = h.sentTo('GET /api/users/session');
    expect(checks.every((r) => r.headers[BACKGROUND_HEADER] === BACKGROUND_VALUE)).toBe(true);
  });

  it('moves the warning on when the person makes a call', async () => {
    await openStaffPage();
    await pass(20 * MINUTE);
    await act(async () => {
      await api.get(apiUrl('getMe'));
    });
    await pass(10 * MINUTE);
    expect(dialog()).toBeNull();
    // The server may have written the call up to 30 s early: the warning comes by then at the latest.
    await pass(19 * MINUTE);
    expect(await screen.findByRole('dialog', { name: SESSION.idleWarningTitle })).toBeInTheDocument();
  });

  it('goes away when another tab reports activity', async () => {
    await openStaffPage();
    await pass(29 * MINUTE + 1_000);
    expect(await screen.findByRole('dialog', { name: SESSION.idleWarningTitle })).toBeInTheDocument();
    const otherTab = new BroadcastChannel('visa-staff-session');
    otherTab.postMessage({ type: 'activity', idleEndsAt: Date.now() + 30 * MINUTE });
    otherTab.close();
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('signs out from the warning, landing on the login page saying so', async () => {
    await openStaffPage();
    await pass(29 * MINUTE + 1_000);
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(await screen.findByRole('button', { name: SESSION.signOut }));
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(screen.getByTestId('reason')).toHaveTextContent('signed-out');
    expect(h.sentTo('POST /api/users/logout').map((r) => r.outcome)).toEqual([200]);
    expect(getToken()).toBeNull();
  });
});

describe('idle expiry', () => {
  it('lands on the login page with reason idle, remembering the page', async () => {
    await openStaffPage();
    await pass(29 * MINUTE + 1_000);
    expect(await screen.findByRole('dialog', { name: SESSION.idleWarningTitle })).toBeInTheDocument();
    await pass(MINUTE);
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(screen.getByTestId('reason')).toHaveTextContent('idle');
    expect(screen.getByTestId('return-to')).toHaveTextContent(`${paths.applicationList}?page=2`);
    expect(getToken()).toBeNull();
    // The server ended the session; renewing was refused for the same reason.
    expect(h.sentTo('POST /api/users/refresh').every((r) => r.outcome === 401)).toBe(true);
  });

  it('sends every tab to the login page with the reason another tab learnt', async () => {
    await openStaffPage();
    const otherTab = new BroadcastChannel('visa-staff-session');
    otherTab.postMessage({ type: 'ended', reason: 'elsewhere' });
    otherTab.close();
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(screen.getByTestId('reason')).toHaveTextContent('elsewhere');
  });
});
