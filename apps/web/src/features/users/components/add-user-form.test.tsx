import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TIMEOUTS } from '@visa/shared/constants';
import { ADD_ADMIN, SERVER, VALIDATION } from '@visa/shared/messages';
import { stubApi } from '../../../../test/http-stub';
import { renderRoutes } from '../../../../test/render';
import { AddUserForm } from './add-user-form';

const CREATED = { _id: '0123456789abcdef01234567', name: 'New Admin', email: 'new@example.com', role: 'admin' };

function renderForm() {
  const onCreated = vi.fn();
  renderRoutes([{ path: '/addUserManagement', Component: () => <AddUserForm onCreated={onCreated} /> }], ['/addUserManagement']);
  return onCreated;
}

async function fill(values: { name?: string; email?: string; password?: string; role?: string }) {
  const user = userEvent.setup();
  for (const [label, value] of [
    ['Name', values.name],
    ['Email', values.email],
    ['Password', values.password],
  ] as const) {
    const box = screen.getByLabelText(label);
    await user.clear(box);
    if (value) await user.type(box, value);
  }
  if (values.role) await user.selectOptions(screen.getByLabelText('Role'), values.role);
  await user.click(screen.getByRole('button', { name: 'Add Admin' }));
}

const valid = { name: 'New Admin', email: 'new@example.com', password: 'long enough pw' };

describe('add admin form', () => {
  it('checks the fields before calling the server', async () => {
    const server = stubApi({});
    renderForm();
    await fill({});
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION.allFieldsRequired);
    await fill({ ...valid, password: '' });
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.allFieldsRequired);
    await fill({ ...valid, email: 'not-an-email' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.email));
    await fill({ ...valid, password: 'short' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(SERVER.passwordTooShort));
    expect(server.calls).toEqual([]);
  });

  it('shows the three messages of spec §8, in order', async () => {
    const server = stubApi({
      'POST /api/users/add_user': [{ status: 409, data: { message: SERVER.emailTaken } }, 'network-error', 'setup-error'],
    });
    const onCreated = renderForm();
    for (const message of [ADD_ADMIN.exists, ADD_ADMIN.noResponse, ADD_ADMIN.error]) {
      await fill(valid);
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
      expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(message);
    }
    expect(server.calls).toHaveLength(3);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('words any error answer as spec §8 does, with what the server said underneath', async () => {
    stubApi({ 'POST /api/users/add_user': { status: 403, data: { message: SERVER.forbidden } } });
    renderForm();
    await fill(valid);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(ADD_ADMIN.exists));
    expect(alert).toHaveTextContent(SERVER.forbidden);
  });

  it('times out after 5 seconds with the no-response message', async () => {
    const server = stubApi({ 'POST /api/users/add_user': 'timeout' });
    renderForm();
    await fill(valid);
    expect(await screen.findByRole('alert')).toHaveTextContent(ADD_ADMIN.noResponse);
    expect(server.calls[0]?.timeout).toBe(TIMEOUTS.addUser);
  });

  it('sends name, email, password and the chosen role, then hands over the new account', async () => {
    const server = stubApi({ 'POST /api/users/add_user': { status: 201, data: { ...CREATED, role: 'superadmin' } } });
    const onCreated = renderForm();
    expect(screen.getByLabelText('Role')).toHaveDisplayValue('Sub-admin');
    await fill({ ...valid, role: 'superadmin' });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ ...CREATED, role: 'superadmin' }));
    expect(server.calls[0]?.data).toEqual({ ...valid, role: 'superadmin' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
