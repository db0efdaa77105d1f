import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { SECOND_FACTOR } from '@visa/shared/ui-texts';
import { totpCode } from '@visa/test-support/totp';
import { type Staff, apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { getToken } from '../../../lib/auth-storage';
import LoginPage from './login';

const h = apiHarnessForFile();

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/dashboard', Component: () => <h1>Dashboard</h1> },
];

/** Turns two-step sign-in on for an account through the API, as the profile page would. */
async function enrol(staff: Staff): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await h.t.request({ method: 'POST', url: '/api/users/me/second-factor/setup', token: staff.token, payload: {} });
  const { secret } = setup.json() as { secret: string };
  const enabled = await h.t.request({
    method: 'POST',
    url: '/api/users/me/second-factor/enable',
    token: staff.token,
    payload: { code: totpCode(secret), currentPassword: staff.password },
  });
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

async function password(staff: Staff) {
  const user = userEvent.setup();
  renderRoutes(routes, ['/login']);
  await user.type(await screen.findByLabelText('Email'), staff.email);
  await user.type(screen.getByLabelText('Password'), staff.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

const expectAlert = (message: string) =>
  waitFor(() => {
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

const wrongCodeFor = (secret: string) => ['000000', '111111'].find((c) => c !== totpCode(secret) && c !== totpCode(secret, 1)) ?? '222222';

describe('the second step of signing in', () => {
  it('asks for a code in a labelled numeric one-time-code field, refuses a wrong one, then signs in', async () => {
    const staff = await h.t.createStaff();
    const { secret } = await enrol(staff);
    const user = await password(staff);

    const stepHeading = await screen.findByRole('heading', { name: 'Two-step sign-in' });
    await waitFor(() => expect(stepHeading).toHaveFocus());
    expect(getToken()).toBeNull();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByText(SECOND_FACTOR.secondStepIntro)).toBeInTheDocument();

    // Not six digits: said at once, nothing sent.
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectAlert(SECOND_FACTOR.codeFormat);
    expect(h.sentTo('POST /api/users/login/second-factor')).toEqual([]);

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), wrongCodeFor(secret));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectAlert(SECOND_FACTOR.invalidCode);

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), totpCode(secret, 1));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(getToken()).toEqual(expect.any(String));
    expect((await h.t.request({ method: 'GET', url: '/api/users/me', token: getToken()! })).statusCode).toBe(200);
  });

  it('takes a recovery code instead, and switches back', async () => {
    const staff = await h.t.createStaff();
    const { recoveryCodes } = await enrol(staff);
    const user = await password(staff);

    await user.click(await screen.findByRole('button', { name: SECOND_FACTOR.useRecoveryCode }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveFocus();
    expect(screen.getByText(SECOND_FACTOR.recoveryStepIntro)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR.useAuthenticatorCode }));
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR.useRecoveryCode }));

    await user.type(screen.getByLabelText('Recovery code'), recoveryCodes[0]!);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(h.sentTo('POST /api/users/login/second-factor')[0]?.data).toEqual({
      challenge: expect.any(String),
      recoveryCode: recoveryCodes[0]!.replaceAll('-', ''),
    });
  });

  it('sends the person back to the password after too many wrong codes', async () => {
    const staff = await h.t.createStaff();
    const { secret } = await enrol(staff);
    const user = await password(staff);
    const wrong = wrongCodeFor(secret);
    for (let i = 0; i < 5; i++) {
      await user.clear(await screen.findByLabelText('Authentication code'));
      await user.type(screen.getByLabelText('Authentication code'), wrong);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(h.sentTo('POST /api/users/login/second-factor')).toHaveLength(i + 1));
    }
    await expectAlert(SECOND_FACTOR.challengeEnded);
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('tells the person to use a recovery code once too many wrong codes in a row locked the app, and takes one', async () => {
    const staff = await h.t.createStaff();
    const { secret, recoveryCodes } = await enrol(staff);
    // Earlier sign-ins gave wrong codes up to the cap (the API's own tests give them one by one).
    await h.t.db
      .updateTable('second_factors')
      .set({ wrong_codes: LIMITS.secondFactorLock.wrongCodesInARow })
      .where('user_id', '=', staff.id)
      .execute();
    const user = await password(staff);
    await user.type(await screen.findByLabelText('Authentication code'), totpCode(secret, 1));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectAlert(SECOND_FACTOR.codesLocked);
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR.useRecoveryCode }));
    await user.type(screen.getByLabelText('Recovery code'), recoveryCodes[1]!);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('walks an account through setting the app up when the office requires it, and shows the recovery codes once', async () => {
    const owner = await h.t.createStaff('superadmin');
    await h.t.request({ method: 'PUT', url: '/api/users/settings/security', token: owner.token, payload: { requireSecondFactor: true } });
    try {
      const staff = await h.t.createStaff();
      const user = await password(staff);
      expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
      expect(screen.getByText(SECOND_FACTOR.enrolRequired)).toBeInTheDocument();
      const qr = await screen.findByRole('img', { name: SECOND_FACTOR.qrAlt });
      expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      const secret = screen.getByTestId('second-factor-secret').textContent!.replaceAll(' ', '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(getToken()).toBeNull();

      await user.type(screen.getByLabelText('Authentication code'), totpCode(secret));
      await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
      const codesHeading = await screen.findByRole('heading', { name: 'Your recovery codes' });
      // Focus moves there in an effect, after the heading is on the page.
      await waitFor(() => expect(codesHeading).toHaveFocus());
      expect(screen.getByText(SECOND_FACTOR.storeRecoveryCodes)).toBeInTheDocument();
      expect(screen.getAllByRole('listitem')).toHaveLength(10);
      expect(screen.getByRole('link', { name: 'Download codes' })).toHaveAttribute('download');
      expect(getToken()).toEqual(expect.any(String));
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    } finally {
      await h.t.request({
        method: 'PUT',
        url: '/api/users/settings/security',
        token: owner.token,
        payload: { requireSecondFactor: false },
      });
    }
  });
});
