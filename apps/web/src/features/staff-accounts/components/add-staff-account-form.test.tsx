import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TIMEOUTS } from '@visa/shared/constants';
import { ADD_STAFF_ACCOUNT, PASSWORD, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { AddStaffAccountForm } from './add-staff-account-form';

const h = apiHarnessForFile();

const ADD = 'POST /api/users/add_user';
let seq = 0;
const freshEmail = () => `added-${++seq}-${Date.now().toString(36)}@example.com`;

function renderForm() {
  const onCreated = vi.fn();
  renderRoutes([{ path: paths.staffNew, Component: () => <AddStaffAccountForm onCreated={onCreated} /> }], [paths.staffNew]);
  return onCreated;
}

async function fill(values: { name?: string; email?: string; password?: string; role?: string }) {
  const user = userEvent.setup();
  await screen.findByLabelText('Name');
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

const expectMessage = (message: string) => waitFor(() => expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(message));
/** A password message sits under the box, marked invalid and describing it. */
const expectUnderPassword = (message: string) =>
  waitFor(() => {
    const box = screen.getByLabelText('Password');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

describe('add admin form', () => {
  it('checks the fields before calling the server', async () => {
    await h.signIn('superadmin');
    renderForm();
    await fill({});
    await expectMessage(VALIDATION.allFieldsRequired);
    await fill({ name: 'New Admin', email: 'new@example.com' });
    await expectMessage(VALIDATION.allFieldsRequired);
    await fill({ name: 'New Admin', email: 'not-an-email', password: 'long enough pw' });
    await expectMessage(VALIDATION.email);
    await fill({ name: 'New Admin', email: 'new@example.com', password: 'short' });
    await expectUnderPassword(PASSWORD.tooShort);
    expect(h.sent).toEqual([]);
  });

  it("shows the server's password refusals under the password box, not as an account that exists", async () => {
    await h.signIn('superadmin');
    renderForm();
    await fill({ name: 'New Admin', email: freshEmail(), password: 'qwerty123456' });
    await expectUnderPassword(PASSWORD.common);
    await fill({ name: 'Nadia Islam', email: 'nadia.islam@example.com', password: 'Nadia.Islam at the desk' });
    await expectUnderPassword(PASSWORD.containsEmailName);
    expect(screen.queryByText(ADD_STAFF_ACCOUNT.exists)).toBeNull();
    expect(h.sentTo(ADD).map((r) => r.outcome)).toEqual([400, 400]);
  });

  it('shows the three messages, in order', async () => {
    await h.signIn('superadmin');
    const taken = await h.t.createStaff('admin');
    const onCreated = renderForm();

    // The API refuses a duplicate email (409).
    await fill({ name: 'Copy Cat', email: taken.email, password: 'long enough pw' });
    await expectMessage(ADD_STAFF_ACCOUNT.exists);
    // No response.
    h.fault(ADD, 'network-error');
    await fill({ name: 'New Admin', email: freshEmail(), password: 'long enough pw' });
    await expectMessage(ADD_STAFF_ACCOUNT.noResponse);
    // Anything else.
    h.fault(ADD, 'setup-error');
    await fill({ name: 'New Admin', email: freshEmail(), password: 'long enough pw' });
    await expectMessage(ADD_STAFF_ACCOUNT.error);

    expect(h.sentTo(ADD).map((r) => r.outcome)).toEqual([409, 'network-error', 'setup-error']);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('words any error answer as the product does, with what the server said underneath', async () => {
    await h.signIn('admin');
    renderForm();
    await fill({ name: 'Sneaky', email: freshEmail(), password: 'long enough pw' });
    await expectMessage(ADD_STAFF_ACCOUNT.exists);
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER.forbidden);
    expect(h.sentTo(ADD)[0]?.outcome).toBe(403);
  });

  it('times out after 5 seconds with the no-response message', async () => {
    await h.signIn('superadmin');
    h.fault(ADD, 'timeout');
    renderForm();
    await fill({ name: 'New Admin', email: freshEmail(), password: 'long enough pw' });
    await expectMessage(ADD_STAFF_ACCOUNT.noResponse);
    expect(h.sentTo(ADD)[0]?.timeout).toBe(TIMEOUTS.addStaffAccount);
  });

  it('creates the account with the chosen role and hands it over', async () => {
    await h.signIn('superadmin');
    const onCreated = renderForm();
    expect(await screen.findByLabelText('Role')).toHaveDisplayValue('Sub-admin');
    const email = freshEmail();
    await fill({ name: 'Second Owner', email, password: 'long enough pw', role: 'superadmin' });
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]?.[0]).toEqual({ _id: expect.any(String), name: 'Second Owner', email, role: 'superadmin' });
    expect(h.sentTo(ADD)[0]?.data).toEqual({ name: 'Second Owner', email, password: 'long enough pw', role: 'superadmin' });
    const row = await h.t.db.selectFrom('users').select(['name', 'role']).where('email', '=', email).executeTakeFirst();
    expect(row).toEqual({ name: 'Second Owner', role: 'superadmin' });
  });
});
