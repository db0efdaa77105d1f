import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { applicationEditPath } from '../../../config/staff-links';
import { seedApplication } from '../../../features/applications/test/fixtures';
import ApplicationEditPage from './application-edit';

const h = apiHarnessForFile({ reset: false, signedIn: true });

const routes = [
  { path: paths.applicationEdit, Component: ApplicationEditPage },
  { path: paths.applicationList, Component: () => <h1>Application List</h1> },
];

describe('the application edit page', () => {
  it('goes back to the list without navigation state or id', async () => {
    renderRoutes(routes, [paths.applicationEdit]);
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
  });

  it('goes back to the list for an unknown or malformed id', async () => {
    renderRoutes(routes, [applicationEditPath('ffffffffffffffffffffffff')]);
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
    renderRoutes(routes, [applicationEditPath('nope')]);
    expect((await screen.findAllByRole('heading', { name: 'Application List' })).length).toBeGreaterThan(0);
  });

  it('loads the application by id after a reload (no state)', async () => {
    const app = await seedApplication(h, { surname: 'Reloaded' });
    renderRoutes(routes, [applicationEditPath(app._id)]);
    await waitFor(() => expect(screen.getByLabelText('Surname')).toHaveValue('Reloaded'));
    expect(screen.getByRole('heading', { name: 'Edit Application' })).toBeInTheDocument();
  });

  it('starts from the navigation state', async () => {
    const app = await seedApplication(h, { surname: 'Stateful' });
    renderRoutes(routes, [{ pathname: paths.applicationEdit, state: { application: app } }]);
    expect(screen.getByLabelText('Surname')).toHaveValue('Stateful');
  });
});
