import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EDIT_ADMIN, SERVER, VALIDATION } from '@visa/shared/messages';
import type { User } from '@visa/shared/users';
import { stubApi } from '../../../../test/http-stub';
import { renderRoutes } from '../../../../test/render';
import { EditUserForm } from './edit-user-form';

const SUB: User = { _id: '0123456789abcdef01234567', name: 'Sub Admin', email: 'sub@example.com', role: 'admin' };
const URL = `PUT /api/users/update_user/${SUB._id}`;

function renderForm(isSelf = false) {
  const onSaved = vi.fn();
  renderRoutes(
    [{ path: '/editUserManagement', Component: () => <EditUserForm user={SUB} isSelf={isSelf} onSaved={onSaved} /> }],
    ['/editUserManagement'],
  );
  return onSaved;
}

const save = () => userEvent.setup().click(screen.getByRole('button', { name: 'Save changes' }));

describe('edit admin form', () => {
  it('starts from the account passed along and checks the fields', async () => {
    const server = stubApi({});
    renderForm();
    const user = userEvent.setup();
    expect(screen.getByLabelText('Name')).toHaveValue('Sub Admin');
    expect(screen.getByLabelText('Email')).toHaveValue('sub@example.com');
    expect(screen.getByLabelText('Role')).toHaveDisplayValue('Sub-admin');
    await user.clear(screen.getByLabelText('Name'));
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION.allFieldsRequired);
    await user.type(screen.getByLabelText('Name'), 'Renamed');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nope');
    await save();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.email));
    expect(server.calls).toEqual([]);
  });

  it('shows the two messages of spec §8: the server message (or the fallback), then the exception', async () => {
    stubApi({
      [URL]: [
        { status: 409, data: { message: SERVER.emailTaken } },
        { status: 500, data: '' },
        { status: 204 },
        'network-error',
        'setup-error',
      ],
    });
    const onSaved = renderForm();
    for (const message of [SERVER.emailTaken, EDIT_ADMIN.failed, EDIT_ADMIN.failed, EDIT_ADMIN.error, EDIT_ADMIN.error]) {
      await save();
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    }
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends {name, email, role} and leaves the password alone when the box is empty', async () => {
    const server = stubApi({ [URL]: { status: 200, data: { ...SUB, name: 'Renamed' } } });
    const onSaved = renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Renamed');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...SUB, name: 'Renamed' }));
    expect(server.calls[0]?.data).toEqual({ name: 'Renamed', email: 'sub@example.com', role: 'admin' });
  });

  it('can set a new password and a new role', async () => {
    const server = stubApi({ [URL]: { status: 200, data: { ...SUB, role: 'superadmin' } } });
    renderForm();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Role'), 'superadmin');
    await user.type(screen.getByLabelText('New password (optional)'), 'short');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER.passwordTooShort);
    await user.type(screen.getByLabelText('New password (optional)'), ' but now long');
    await save();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.data).toEqual({
      name: 'Sub Admin',
      email: 'sub@example.com',
      role: 'superadmin',
      password: 'short but now long',
    });
  });

  it('does not offer to change your own role', async () => {
    const server = stubApi({ [URL]: { status: 200, data: SUB } });
    renderForm(true);
    expect(screen.getByLabelText('Role')).toBeDisabled();
    expect(screen.getByText('You cannot change your own role.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.data).not.toHaveProperty('role');
  });
});
