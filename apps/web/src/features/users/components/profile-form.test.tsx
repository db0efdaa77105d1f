import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TIMEOUTS } from '@visa/shared/constants';
import { PROFILE, SERVER, VALIDATION } from '@visa/shared/messages';
import type { User } from '@visa/shared/users';
import { stubApi } from '../../../../test/http-stub';
import { renderRoutes } from '../../../../test/render';
import { ProfileForm } from './profile-form';

const ME: User = { _id: '0123456789abcdef01234567', name: 'Office Owner', email: 'owner@example.com', role: 'superadmin' };

function renderForm() {
  const onSaved = vi.fn();
  renderRoutes([{ path: '/profile', Component: () => <ProfileForm user={ME} onSaved={onSaved} /> }], ['/profile']);
  return onSaved;
}

async function fill(values: { name?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  for (const [label, value] of [
    ['Name', values.name],
    ['Password', values.password],
    ['Confirm password', values.confirm],
  ] as const) {
    const box = screen.getByLabelText(label);
    await user.clear(box);
    if (value) await user.type(box, value);
  }
  await user.click(screen.getByRole('button', { name: 'Save profile' }));
}

describe('profile form', () => {
  it('shows the fixed email, disabled', () => {
    stubApi({});
    renderForm();
    expect(screen.getByLabelText('Email')).toHaveValue('owner@example.com');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Office Owner');
  });

  it('shows its messages in order: required fields, mismatch, then an aborted request', async () => {
    const server = stubApi({ 'POST /api/users/profile': 'timeout' });
    renderForm();
    await fill({ name: '', password: 'a new password', confirm: 'a new password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION.allFieldsRequired);
    await fill({ name: 'Office Owner', password: 'a new password', confirm: '' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.allFieldsRequired));
    await fill({ name: 'Office Owner', password: 'a new password', confirm: 'another password' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(SERVER.passwordsMustMatch));
    expect(server.calls).toEqual([]);

    await fill({ name: 'Office Owner', password: 'a new password', confirm: 'a new password' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PROFILE.aborted(`timeout of ${TIMEOUTS.profile}ms exceeded`)));
    expect(server.calls[0]?.timeout).toBe(TIMEOUTS.profile);
  });

  it('says a request was aborted with its reason', async () => {
    stubApi({ 'POST /api/users/profile': 'aborted' });
    renderForm();
    await fill({ name: 'Office Owner', password: 'a new password', confirm: 'a new password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(PROFILE.aborted('Request aborted'));
  });

  it('refuses a short password before calling', async () => {
    const server = stubApi({});
    renderForm();
    await fill({ name: 'Office Owner', password: 'short', confirm: 'short' });
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER.passwordTooShort);
    expect(server.calls).toEqual([]);
  });

  it("shows the server's message for an error answer", async () => {
    stubApi({ 'POST /api/users/profile': { status: 400, data: { message: SERVER.passwordsMustMatch } } });
    renderForm();
    await fill({ name: 'Office Owner', password: 'a new password', confirm: 'a new password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER.passwordsMustMatch);
  });

  it('sends name, email, password and confirmation, then empties the password boxes', async () => {
    const server = stubApi({ 'POST /api/users/profile': { status: 200, data: { ...ME, name: 'New Name' } } });
    const onSaved = renderForm();
    await fill({ name: 'New Name', password: 'a new password', confirm: 'a new password' });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...ME, name: 'New Name' }));
    expect(server.calls[0]?.data).toEqual({
      name: 'New Name',
      email: 'owner@example.com',
      password: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveValue('New Name');
  });
});
