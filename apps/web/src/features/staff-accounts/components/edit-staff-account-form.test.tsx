import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EDIT_STAFF_ACCOUNT, PASSWORD, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import type { User } from '@visa/shared/users';
import { STAFF } from '@visa/shared/staff-account-texts';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { EditStaffAccountForm } from './edit-staff-account-form';

const h = apiHarnessForFile();

async function target(role: 'admin' | 'superadmin' = 'admin') {
  const staff = await h.t.createStaff(role, { name: 'Sub Admin' });
  const user: User = { _id: staff.id, name: 'Sub Admin', email: staff.email, role };
  return { staff, user, key: `PUT /api/users/update_user/${staff.id}` };
}

function renderForm(user: User, isSelf = false) {
  const onSaved = vi.fn();
  renderRoutes(
    [{ path: paths.staffEdit, Component: () => <EditStaffAccountForm account={user} isSelf={isSelf} onSaved={onSaved} /> }],
    [paths.staffEdit],
  );
  return onSaved;
}

const save = async () => userEvent.setup().click(await screen.findByRole('button', { name: 'Save changes' }));
const expectMessage = (message: string) => waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
const row = (id: string) => h.t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

describe('edit admin form', () => {
  it('starts from the account passed along and checks the fields', async () => {
    await h.signIn('superadmin');
    const { user } = await target();
    renderForm(user);
    const u = userEvent.setup();
    expect(await screen.findByLabelText('Name')).toHaveValue('Sub Admin');
    expect(screen.getByLabelText('Email')).toHaveValue(user.email);
    expect(screen.getByLabelText('Role')).toHaveDisplayValue('Sub-admin');
    await u.clear(screen.getByLabelText('Name'));
    await save();
    await expectMessage(VALIDATION.allFieldsRequired);
    await u.type(screen.getByLabelText('Name'), 'Renamed');
    await u.clear(screen.getByLabelText('Email'));
    await u.type(screen.getByLabelText('Email'), 'nope');
    await save();
    await expectMessage(VALIDATION.email);
    expect(h.sent).toEqual([]);
  });

  it('shows the two messages: the server message (or the fallback), then the exception', async () => {
    await h.signIn('superadmin');
    const { user, key } = await target();
    const other = await h.t.createStaff('admin');
    renderForm(user);
    const u = userEvent.setup();

    // The API's own answer, with its message: the email belongs to someone else.
    await u.clear(await screen.findByLabelText('Email'));
    await u.type(screen.getByLabelText('Email'), other.email);
    await save();
    await expectMessage(SERVER.emailTaken);
    // Then, alternating so that each message replaces a different one: an answer without a
    // message (a proxy's 502 page), no response, a 2xx that is not the expected 200, a failure
    // before sending.
    h.fault(key, { proxyStatus: 502, body: '<h1>Bad gateway</h1>' }, 'network-error', { proxyStatus: 204 }, 'setup-error');
    for (const message of [EDIT_STAFF_ACCOUNT.failed, EDIT_STAFF_ACCOUNT.error, EDIT_STAFF_ACCOUNT.failed, EDIT_STAFF_ACCOUNT.error]) {
      await save();
      await expectMessage(message);
    }

    expect(h.sentTo(key).map((r) => r.outcome)).toEqual([409, 'proxy 502', 'network-error', 'proxy 204', 'setup-error']);
  });

  it("shows the API's message when the account was deleted meanwhile", async () => {
    await h.signIn('superadmin');
    const { user, staff } = await target();
    await h.t.db.deleteFrom('users').where('id', '=', staff.id).execute();
    renderForm(user);
    await save();
    await expectMessage(STAFF.notFound);
  });

  it('sends {name, email, role}, leaves the password alone when the box is empty, and hands over the saved account', async () => {
    await h.signIn('superadmin');
    const { user, key, staff } = await target();
    const before = await row(staff.id);
    const onSaved = renderForm(user);
    const u = userEvent.setup();
    await u.clear(await screen.findByLabelText('Name'));
    await u.type(screen.getByLabelText('Name'), 'Renamed');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...user, name: 'Renamed' }));
    expect(h.sentTo(key)[0]?.data).toEqual({ name: 'Renamed', email: user.email, role: 'admin' });
    const after = await row(staff.id);
    expect(after?.name).toBe('Renamed');
    expect(after?.password_hash).toBe(before?.password_hash);
  });

  it('can set a new password and a new role', async () => {
    await h.signIn('superadmin');
    const { user, key, staff } = await target();
    renderForm(user);
    const u = userEvent.setup();
    await u.selectOptions(await screen.findByLabelText('Role'), 'superadmin');
    await u.type(screen.getByLabelText('New password (optional)'), 'short');
    await save();
    await expectMessage(PASSWORD.tooShort);
    expect(screen.getByLabelText('New password (optional)')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD.tooShort));
    await u.type(screen.getByLabelText('New password (optional)'), ' but now long');
    await save();
    await waitFor(() => expect(h.sentTo(key).map((r) => r.outcome)).toEqual([200]));
    expect(h.sentTo(key)[0]?.data).toEqual({ name: 'Sub Admin', email: user.email, role: 'superadmin', password: 'short but now long' });
    expect((await row(staff.id))?.role).toBe('superadmin');
    const login = await h.t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: 'short but now long' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('does not offer to change your own role', async () => {
    const self = await h.signIn('superadmin', { name: 'Office Owner' });
    const me: User = { _id: self.id, name: 'Office Owner', email: self.email, role: 'superadmin' };
    const onSaved = renderForm(me, true);
    expect(await screen.findByLabelText('Role')).toBeDisabled();
    expect(screen.getByText('You cannot change your own role.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(me));
    expect(h.sent[0]?.data).toEqual({ name: 'Office Owner', email: self.email });
  });
});
