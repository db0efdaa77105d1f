import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD, SECOND_FACTOR, VALIDATION } from '@visa/shared/ui-texts';
import { totpCode } from '@visa/test-support/totp';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { SecondFactorSettings } from './second-factor-settings';

const h = apiHarnessForFile();

const render = () => renderRoutes([{ path: '/profile', Component: SecondFactorSettings }], ['/profile'], { toaster: true });

describe('two-step sign-in on the profile', () => {
  it('turns on with a code from the shown key, shows the recovery codes once, and turns off with password and code', async () => {
    const staff = await h.signIn();
    const user = userEvent.setup();
    render();

    expect(await screen.findByText('Off.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByRole('img', { name: SECOND_FACTOR.qrAlt })).toBeInTheDocument();
    const secret = screen.getByTestId('second-factor-secret').textContent!.replaceAll(' ', '');
    expect(screen.getByRole('link', { name: 'Open in an authenticator app on this device' }).getAttribute('href')).toMatch(
      /^otpauth:\/\/totp\//,
    );

    await user.type(screen.getByLabelText('Authentication code'), totpCode(secret));
    // Turning it on takes the current password: a wrong one is refused and nothing turns on.
    const passwordField = screen.getByLabelText('Password');
    expect(passwordField).toHaveAttribute('type', 'password');
    expect(passwordField).toHaveAttribute('autocomplete', 'current-password');
    await user.type(passwordField, 'not the password');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD.currentWrong));
    await user.clear(passwordField);
    await user.type(passwordField, staff.password);
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toHaveFocus();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(await screen.findByText(SECOND_FACTOR.enabled)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have stored my recovery codes' }));
    expect(await screen.findByText(/Recovery codes left: 10/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();

    // Turning off: the password is checked, then the code.
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.type(screen.getByLabelText('Authentication code'), totpCode(secret, 1));
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(SECOND_FACTOR.wrongPassword));

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), staff.password);
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText(SECOND_FACTOR.disabled)).toBeInTheDocument();
    expect(await screen.findByText('Off.')).toBeInTheDocument();
  });

  it('says a code of the wrong shape before sending it', async () => {
    await h.signIn();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '12 34');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECOND_FACTOR.codeFormat);
    expect(h.sentTo('POST /api/users/me/second-factor/enable')).toEqual([]);
  });

  it('asks for the password before sending the code', async () => {
    await h.signIn();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION.allFieldsRequired);
    expect(h.sentTo('POST /api/users/me/second-factor/enable')).toEqual([]);
  });
});
