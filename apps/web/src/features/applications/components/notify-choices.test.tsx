import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Application } from '@visa/shared/applications';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { installObjectUrls, renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { seedApplication } from '../test/fixtures';
import { EditApplicationForm } from './edit-application-form';

installObjectUrls();

const h = apiHarnessForFile({ reset: false, signedIn: true });

function renderForm(application: Application) {
  const onUpdated = vi.fn();
  renderRoutes(
    [{ path: paths.applicationEdit, Component: () => <EditApplicationForm application={application} onUpdated={onUpdated} /> }],
    [paths.applicationEdit],
  );
  return onUpdated;
}

const agreedChannelsOf = async (id: string) =>
  (await h.t.request({ method: 'GET', url: `/api/application/fetchApplication/${id}`, token: h.staff.token })).json().notify;

describe('the channels the applicant agreed to, on the edit form', () => {
  it('shows them as labelled checkboxes and saves what is ticked with the keyboard', async () => {
    const app = await seedApplication(h);
    expect(app.notify).toEqual(['email']);
    const onUpdated = renderForm(app);
    expect(screen.getByRole('group', { name: 'The applicant agreed to status messages' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'By email' })).toBeChecked();
    const sms = screen.getByRole('checkbox', { name: 'By SMS' });
    expect(sms).not.toBeChecked();
    const user = userEvent.setup({ delay: null });
    sms.focus();
    await user.keyboard(' ');
    expect(sms).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Update Application' }));
    await waitFor(() => expect(onUpdated).toHaveBeenCalled());
    expect(await agreedChannelsOf(app._id)).toEqual(['email', 'sms']);
  });

  it('keeps them as they were when the form did not know them and nobody ticked anything', async () => {
    const app = await seedApplication(h);
    await h.t.db.updateTable('message_consents').set({ channels: 'whatsapp' }).where('application_id', '=', app._id).execute();
    // As the list's row gives it: without the channel agreement.
    const { notify: _unknown, ...fromList } = app;
    const onUpdated = renderForm(fromList);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Update Application' }));
    await waitFor(() => expect(onUpdated).toHaveBeenCalled());
    expect(await agreedChannelsOf(app._id)).toEqual(['whatsapp']);
  });
});
