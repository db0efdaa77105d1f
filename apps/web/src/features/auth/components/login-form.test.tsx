import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TIMEOUTS } from '@visa/shared/constants';
import { LOGIN, SERVER, VALIDATION } from '@visa/shared/messages';
import { stubApi } from '../../../../test/http-stub';
import { renderRoutes } from '../../../../test/render';
import { getToken } from '../../../lib/auth-storage';
import { LoginForm } from './login-form';

const USER = { _id: '0123456789abcdef01234567', name: 'Office Owner', email: 'owner@example.com', role: 'superadmin' };

function renderForm(onSignedIn = vi.fn()) {
  renderRoutes([{ path: '/login', Component: () => <LoginForm onSignedIn={onSignedIn} /> }], ['/login']);
  return onSignedIn;
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  const emailBox = screen.getByLabelText('Email');
  const passwordBox = screen.getByLabelText('Password');
  await user.clear(emailBox);
  await user.clear(passwordBox);
  if (email) await user.type(emailBox, email);
  if (password) await user.type(passwordBox, password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const alertText = async () => (await screen.findByRole('alert')).textContent;

describe('login form', () => {
  it('asks for both fields before calling the server', async () => {
    const server = stubApi({});
    renderForm();
    await submit('', '');
    expect(await alertText()).toBe(VALIDATION.allFieldsRequired);
    await submit('owner@example.com', '');
    expect(await alertText()).toBe(VALIDATION.allFieldsRequired);
    await submit('', 'a password');
    expect(await alertText()).toBe(VALIDATION.allFieldsRequired);
    expect(server.calls).toEqual([]);
  });

  it('shows the five messages of spec §8, in order, each replacing the last', async () => {
    const server = stubApi({
      'POST /api/users/login': [
        { status: 401, data: { message: LOGIN.invalidCredentials } },
        { status: 500, data: { message: SERVER.internal } },
        'network-error',
        'setup-error',
        { status: 200, data: {} },
      ],
    });
    const onSignedIn = renderForm();
    const expected = [LOGIN.invalidCredentials, LOGIN.failed, LOGIN.noResponse, LOGIN.error, LOGIN.noToken];
    for (const message of expected) {
      await submit('owner@example.com', 'wrong password');
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
      expect(screen.getAllByRole('alert')).toHaveLength(1);
    }
    expect(server.calls).toHaveLength(5);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it('treats other error statuses as a failed login', async () => {
    stubApi({
      'POST /api/users/login': [
        { status: 400, data: { message: 'bad' } },
        { status: 403, data: { message: SERVER.xsrf } },
      ],
    });
    renderForm();
    await submit('owner@example.com', 'pw');
    expect(await alertText()).toBe(LOGIN.failed);
    await submit('owner@example.com', 'pw');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(LOGIN.failed));
  });

  it('gives up after 5 seconds with the no-response message', async () => {
    const server = stubApi({ 'POST /api/users/login': 'timeout' });
    renderForm();
    await submit('owner@example.com', 'pw');
    expect(await alertText()).toBe(LOGIN.noResponse);
    expect(server.calls[0]?.timeout).toBe(TIMEOUTS.login);
  });

  it("shows the server's own message when rate limited", async () => {
    stubApi({ 'POST /api/users/login': { status: 429, data: { message: SERVER.tooManyRequests } } });
    renderForm();
    await submit('owner@example.com', 'pw');
    expect(await alertText()).toBe(SERVER.tooManyRequests);
  });

  it('stores the token and hands over on success', async () => {
    const server = stubApi({ 'POST /api/users/login': { status: 200, data: { token: 'the-access-token', user: USER } } });
    const onSignedIn = renderForm();
    await submit('  Owner@Example.com ', 'owner-password-1');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(getToken()).toBe('the-access-token');
    expect(server.calls[0]?.data).toEqual({ email: 'owner@example.com', password: 'owner-password-1' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
