import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TIMEOUTS } from '@visa/shared/constants';
import { PASSWORD, PROFILE, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import type { User } from '@visa/shared/users';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { ProfileForm } from './profile-form';

const h = apiHarnessForFile();

const PROFILE_CALL = 'POST /api/users/profile';

/** The signed-in account's password: what "Current password" gets unless a test says otherwise. */
let currentPassword = '';

async function renderSignedIn() {
  const staff = await h.signIn('admin', { name: 'Sub Admin' });
  currentPassword = staff.password;
  const user: User = { _id: staff.id, name: 'Sub Admin', email: staff.email, role: 'admin' };
  const onSaved = vi.fn();
  renderRoutes([{ path: '/profile', Component: () => <ProfileForm user={user} onSaved={onSaved} /> }], ['/profile']);
  await screen.findByLabelText('Name');
  return { staff, user, onSaved };
}

async function fill(values: { name?: string; current?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  for (const [label, value] of [
    ['Name', values.name],
    ['Current password', values.current ?? currentPassword],
    ['New password', values.password],
    ['Confirm new password', values.confirm],
  ] as const) {
    const box = screen.getByLabelText(label);
    await user.clear(box);
    if (value) await user.type(box, value);
  }
  await user.click(screen.getByRole('button', { name: 'Save profile' }));
}

const expectMessage = (message: string) => waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));

describe('profile form', () => {
  it('shows the fixed email, disabled', async () => {
    const { staff } = await renderSignedIn();
    expect(screen.getByLabelText('Email')).toHaveValue(staff.email);
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Sub Admin');
  });

  it('shows its messages in order: required fields, mismatch, then an aborted request', async () => {
    await renderSignedIn();
    await fill({ name: '', password: 'a new password', confirm: 'a new password' });
    await expectMessage(VALIDATION.allFieldsRequired);
    await fill({ name: 'Sub Admin', password: 'a new password', confirm: '' });
    await expectMessage(VALIDATION.allFieldsRequired);
    await fill({ name: 'Sub Admin', password: 'a new password', confirm: 'another password' });
    await expectMessage(SERVER.passwordsMustMatch);
    expect(h.sent).toEqual([]);

    h.fault(PROFILE_CALL, 'timeout');
    await fill({ name: 'Sub Admin', password: 'a new password', confirm: 'a new password' });
    await expectMessage(PROFILE.aborted(`timeout of ${TIMEOUTS.profile}ms exceeded`));
    expect(h.sentTo(PROFILE_CALL)[0]?.timeout).toBe(TIMEOUTS.profile);
  });

  it('says a request was aborted with its reason', async () => {
    await renderSignedIn();
    h.fault(PROFILE_CALL, 'aborted');
    await fill({ name: 'Sub Admin', password: 'a new password', confirm: 'a new password' });
    await expectMessage(PROFILE.aborted('Request aborted'));
  });

  it('refuses a short password before calling, under the new password box', async () => {
    await renderSignedIn();
    await fill({ name: 'Sub Admin', password: 'short', confirm: 'short' });
    await expectMessage(PASSWORD.tooShort);
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD.tooShort));
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(h.sent).toEqual([]);
  });

  it('asks for the current password: empty is "all fields are required", a wrong one is shown under its box', async () => {
    await renderSignedIn();
    await fill({ name: 'Sub Admin', current: '', password: 'a new password', confirm: 'a new password' });
    await expectMessage(VALIDATION.allFieldsRequired);
    expect(h.sent).toEqual([]);
    await fill({ name: 'Sub Admin', current: 'not my password', password: 'a new password', confirm: 'a new password' });
    await expectMessage(PASSWORD.currentWrong);
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription(PASSWORD.currentWrong);
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
  });

  it("shows the server's refusal of a common password under the new password box", async () => {
    await renderSignedIn();
    await fill({ name: 'Sub Admin', password: 'iloveyou1234', confirm: 'iloveyou1234' });
    await expectMessage(PASSWORD.common);
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD.common));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says so plainly when an answer is an error without a message', async () => {
    await renderSignedIn();
    h.fault(PROFILE_CALL, { proxyStatus: 502 }, 'network-error');
    await fill({ name: 'Sub Admin', password: 'a new password', confirm: 'a new password' });
    await expectMessage('Failed to update profile.');
    await fill({ name: 'Sub Admin', password: 'a new password', confirm: 'a new password' });
    await expectMessage('No response from server. Please try again.');
  });

  it('saves name and password, signs the other devices out, and empties the password boxes', async () => {
    const { staff, user, onSaved } = await renderSignedIn();
    const otherDevice = await h.t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: staff.email, password: staff.password },
    });
    const otherToken = otherDevice.json().token as string;

    await fill({ name: 'New Name', password: 'a new password', confirm: 'a new password' });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...user, name: 'New Name' }));
    expect(h.sentTo(PROFILE_CALL)[0]?.data).toEqual({
      name: 'New Name',
      email: staff.email,
      currentPassword: staff.password,
      password: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveValue('New Name');

    expect((await h.t.request({ method: 'GET', url: '/api/users/me', token: otherToken })).statusCode).toBe(401);
    expect((await h.t.request({ method: 'GET', url: '/api/users/me', token: staff.token })).statusCode).toBe(200);
  });
});
