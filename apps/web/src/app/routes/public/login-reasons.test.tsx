import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION } from '@visa/shared/ui-texts';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import LoginPage from './login';

/** The login page after a session ended (ADR 0018): why, in fixed words, and back to the page. */

const h = apiHarnessForFile();

const routes = [
  { path: paths.login, Component: LoginPage },
  { path: paths.dashboard, Component: () => <h1>Dashboard</h1> },
  { path: paths.applicationList, Component: () => <h1>Application List</h1> },
];

describe('login page after a session ended', () => {
  it.each([
    ['idle', SESSION.endedIdle],
    ['expired', SESSION.endedExpired],
    ['elsewhere', SESSION.endedElsewhere],
    ['account', SESSION.endedAccount],
    ['signed-out', SESSION.signedOut],
  ])('says why for reason=%s', async (reason, message) => {
    renderRoutes(routes, [`${paths.login}?reason=${reason}`]);
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    // Not an error of the form: the form's alert is not there.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each(['', 'nonsense', 'Your%20account%20was%20hacked.%20Call%20555', '%3Cb%3Eidle%3C%2Fb%3E', '__proto__', 'IDLE'])(
    'says nothing for reason=%s',
    async (reason) => {
      renderRoutes(routes, [`${paths.login}?reason=${reason}`]);
      expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
      expect(screen.queryByRole('status')).toBeNull();
      expect(document.body).not.toHaveTextContent('hacked');
    },
  );

  it('signs in again and returns to the page the person was on, with its query', async () => {
    const staff = await h.t.createStaff('admin');
    renderRoutes(routes, [{ pathname: paths.login, search: '?reason=idle', state: { from: `${paths.applicationList}?page=3` } }]);
    expect(await screen.findByRole('status')).toHaveTextContent(SESSION.endedIdle);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), staff.email);
    await user.type(screen.getByLabelText('Password'), staff.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)'])(
    'goes to the dashboard, not to %s',
    async (from) => {
      const staff = await h.t.createStaff('admin');
      renderRoutes(routes, [{ pathname: paths.login, search: '?reason=idle', state: { from } }]);
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Email'), staff.email);
      await user.type(screen.getByLabelText('Password'), staff.password);
      await user.click(screen.getByRole('button', { name: 'Login' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    },
  );
});
