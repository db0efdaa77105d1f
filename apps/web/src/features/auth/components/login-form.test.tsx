import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TIMEOUTS } from '@visa/shared/constants';
import { LIMITS } from '@visa/shared/limits';
import { LOGIN, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { getToken, hasSessionCookie } from '../../../lib/auth-storage';
import { LoginForm } from './login-form';

const h = apiHarnessForFile();

const LOGIN_CALL = 'POST /api/users/login';

function renderForm(onSignedIn = vi.fn()) {
  renderRoutes([{ path: '/login', Component: () => <LoginForm onSignedIn={onSignedIn} /> }], ['/login']);
  return onSignedIn;
}

async function submit(email: string, password: string) {
  // No pause between keystrokes: typing two fields several times per test would otherwise take
  // seconds of a loaded machine's time.
  const user = userEvent.setup({ delay: null });
  const emailBox = await screen.findByLabelText('Email');
  const passwordBox = screen.getByLabelText('Password');
  await user.clear(emailBox);
  await user.clear(passwordBox);
  if (email) await user.type(emailBox, email);
  if (password) await user.type(passwordBox, password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const expectMessage = (message: string) =>
  waitFor(() => {
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

describe('login form', () => {
  it('asks for both fields before calling the server', async () => {
    renderForm();
    await submit('', '');
    await expectMessage(VALIDATION.allFieldsRequired);
    await submit('owner@example.com', '');
    await expectMessage(VALIDATION.allFieldsRequired);
    await submit('', 'a password');
    await expectMessage(VALIDATION.allFieldsRequired);
    expect(h.sent).toEqual([]);
  });

  it('shows the five messages, in order, each replacing the last', async () => {
    const staff = await h.t.createStaff('superadmin');
    const onSignedIn = renderForm();

    // 401 from the API itself.
    await submit(staff.email, 'not the password');
    await expectMessage(LOGIN.invalidCredentials);

    // Any other status (a proxy in front of the server answering 502).
    h.fault(LOGIN_CALL, { proxyStatus: 502, body: '<h1>Bad gateway</h1>' });
    await submit(staff.email, staff.password);
    await expectMessage(LOGIN.failed);

    // No response at all.
    h.fault(LOGIN_CALL, 'network-error');
    await submit(staff.email, staff.password);
    await expectMessage(LOGIN.noResponse);

    // Something else failed: here the browser refuses to store the token (storage disabled).
    const refuse = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await submit(staff.email, staff.password);
    await expectMessage(LOGIN.error);
    refuse.mockRestore();

    // A 2xx without a token (a captive portal answering for the server).
    h.fault(LOGIN_CALL, { proxyStatus: 200, body: '<html>Sign in to the Wi-Fi</html>' });
    await submit(staff.email, staff.password);
    await expectMessage(LOGIN.noToken);

    expect(h.sentTo(LOGIN_CALL).map((r) => r.outcome)).toEqual([401, 'proxy 502', 'network-error', 200, 'proxy 200']);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it('treats any other refusal as a failed login (a firewall answering 403 for the server)', async () => {
    h.fault(LOGIN_CALL, { proxyStatus: 403, body: 'Forbidden' });
    renderForm();
    await submit('owner@example.com', 'pw');
    await expectMessage(LOGIN.failed);
  });

  it('gives up after 5 seconds with the no-response message', async () => {
    // The server never answers; the form's clock is faked, so the limit passes without waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      h.fault(LOGIN_CALL, 'hang');
      renderForm();
      await submit('owner@example.com', 'pw');
      await waitFor(() => expect(h.sentTo(LOGIN_CALL)).toHaveLength(1));
      // The faked clock also moves with real time (waitFor needs it to), which a loaded machine can
      // stretch by some hundreds of milliseconds: the form is looked at a second short of the limit.
      const slack = 1000;
      await vi.advanceTimersByTimeAsync(TIMEOUTS.login - slack);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
      await vi.advanceTimersByTimeAsync(slack);
      await expectMessage(LOGIN.noResponse);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's own message when rate limited", async () => {
    const staff = await h.t.createStaff();
    for (let i = 0; i < LIMITS.login.perAccountAndAddress.limit; i++) {
      await h.t.request({ method: 'POST', url: '/api/users/login', payload: { email: staff.email, password: 'guess' } });
    }
    renderForm();
    await submit(staff.email, staff.password);
    await expectMessage(SERVER.tooManyRequests);
    expect(h.sentTo(LOGIN_CALL)[0]?.outcome).toBe(429);
  });

  it('stores the token, starts the session cookie and hands over on success', async () => {
    const staff = await h.t.createStaff('superadmin');
    const onSignedIn = renderForm();
    await submit(`  ${staff.email.toUpperCase()} `, staff.password);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(getToken()).toEqual(expect.any(String));
    expect(hasSessionCookie()).toBe(true);
    expect(h.sent[0]?.data).toEqual({ email: staff.email, password: staff.password });
    expect(screen.queryByRole('alert')).toBeNull();
    // The stored token is accepted by the API.
    const me = await h.t.request({ method: 'GET', url: '/api/users/me', token: getToken()! });
    expect(me.json()).toMatchObject({ _id: staff.id, role: 'superadmin' });
  });
});
