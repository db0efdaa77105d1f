import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD, PASSWORD_CHANGE_REQUIRED } from '@visa/shared/ui-texts';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import StaffLayout from './layout';

const h = apiHarnessForFile();

const routes = [
  { path: '/login', Component: () => <h1>Staff Login</h1> },
  {
    Component: StaffLayout,
    children: [{ path: paths.applicationList, Component: () => <h1>Application List</h1> }],
  },
];

describe('choosing a new password after signing in with a weak earlier password', () => {
  it('shows only the password form, whatever page was asked for, until a new password is saved', async () => {
    const staff = await h.signIn('admin', { name: 'Earlier Staff' });
    // What a sign-in with an earlier app's password that breaks the rule leaves on the account.
    await h.t.db.updateTable('users').set({ must_change_password: 1 }).where('id', '=', staff.id).execute();
    renderRoutes(routes, [paths.applicationList]);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: PASSWORD_CHANGE_REQUIRED.title })).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_CHANGE_REQUIRED.intro)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Application List' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    // The API holds the line too: the list is refused until the password is changed.
    expect((await h.t.request({ method: 'GET', url: '/api/application/fetchApplication', token: staff.token })).statusCode).toBe(403);

    await user.type(screen.getByLabelText('Current password'), staff.password);
    await user.type(screen.getByLabelText('New password'), 'password1234');
    await user.type(screen.getByLabelText('Confirm new password'), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(PASSWORD.common)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: PASSWORD_CHANGE_REQUIRED.title })).toBeInTheDocument();

    for (const label of ['New password', 'Confirm new password']) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), 'a fresh and long passphrase');
    }
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: PASSWORD_CHANGE_REQUIRED.title })).not.toBeInTheDocument();
    expect(h.sentTo('POST /api/users/profile').map((r) => r.outcome)).toEqual([400, 200]);
  });
});
