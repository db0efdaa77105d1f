import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Application } from '@visa/shared/applications';
import { EDIT_APPLICATION, VALIDATION } from '@visa/shared/ui-texts';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { installObjectUrls, renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { jpegFile } from '../../../../test/files';
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

const user = () => userEvent.setup({ delay: null });
/** A picked photo is made ready for upload first (ADR 0026): the button waits for it, and so does this. */
async function save() {
  const button = screen.getByRole('button', { name: 'Update Application' });
  await waitFor(() => expect(button).toBeEnabled());
  await user().click(button);
}
const alertText = () => screen.getByRole('alert').textContent;

describe('edit application form', () => {
  it('is prefilled with the application and shows its current photo', async () => {
    const app = await seedApplication(h, { surname: 'Prefilled', jobTitle: 'Cook', sex: 'Female' });
    renderForm(app);
    expect(screen.getByLabelText('Surname')).toHaveValue('Prefilled');
    expect(screen.getByLabelText('Job title')).toHaveValue('Cook');
    expect(screen.getByLabelText('Sex')).toHaveValue('Female');
    expect(screen.getByLabelText('Passport')).toHaveValue(app.passport);
    expect(screen.getByRole('img', { name: 'Current photo' })).toHaveAttribute('src', app.image);
  });

  it('applies the edit rules: name lengths, image type, 2 MB', async () => {
    const app = await seedApplication(h);
    renderForm(app);
    await user().clear(screen.getByLabelText('Given name'));
    await user().type(screen.getByLabelText('Given name'), 'Jo');
    await save();
    await waitFor(() => expect(alertText()).toBe(VALIDATION.namesLengthEdit));
    await user().type(screen.getByLabelText('Given name'), 'hn');
    const input = screen.getByLabelText('New image (optional)');
    // user-event honours `accept`; the rule is about what a person could still pick ("All files").
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['gif'], 'anim.gif', { type: 'image/gif' }));
    await save();
    await waitFor(() => expect(alertText()).toBe(VALIDATION.imageTypeEdit));
    await user().upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await save();
    await waitFor(() => expect(alertText()).toBe(VALIDATION.imageTooLargeEdit));
  });

  it('shows the stored countries picked in the list, and keeps an old value no country matched', async () => {
    const app = await seedApplication(h, { currentN: 'Martian', issuedCountry: 'Nepal' });
    expect([app.currentN, app.currentNCode, app.issuedCountry, app.issuedCountryCode]).toEqual(['Martian', null, 'Nepal', 'NP']);
    const onUpdated = renderForm(app);
    const nationality = screen.getByLabelText('Current nationality');
    await waitFor(() => expect(nationality).toBeEnabled());
    expect(nationality).toHaveValue('Martian');
    expect((nationality as HTMLSelectElement).selectedOptions[0]).toHaveTextContent('Martian (as typed before)');
    expect(screen.getByLabelText('Issued country')).toHaveValue('NP');
    expect((screen.getByLabelText('Issued country') as HTMLSelectElement).selectedOptions[0]).toHaveTextContent('Nepal');
    await save();
    await waitFor(() => expect(onUpdated).toHaveBeenCalledTimes(1));
    expect(onUpdated.mock.calls[0]![0]).toMatchObject({ currentN: 'Martian', issuedCountry: 'Nepal', issuedCountryCode: 'NP' });
  });

  it("refuses another application's email, asked of the server", async () => {
    const other = await seedApplication(h);
    const app = await seedApplication(h);
    renderForm(app);
    await user().clear(screen.getByLabelText('Email'));
    await user().type(screen.getByLabelText('Email'), other.email);
    await save();
    await waitFor(() => expect(alertText()).toBe(VALIDATION.emailTaken));
  });

  it('saves changed fields and a new photo', async () => {
    const app = await seedApplication(h);
    const onUpdated = renderForm(app);
    await user().clear(screen.getByLabelText('Surname'));
    await user().type(screen.getByLabelText('Surname'), 'Changed');
    await user().upload(screen.getByLabelText('New image (optional)'), await jpegFile('new.png', { type: 'image/png' }));
    // The picture is made ready for upload first (ADR 0026), then previewed.
    expect(await screen.findByRole('img', { name: 'Preview of the chosen image' })).toBeInTheDocument();
    await save();
    await waitFor(() => expect(onUpdated).toHaveBeenCalledTimes(1));
    const updated = onUpdated.mock.calls[0]![0] as Application;
    expect(updated.surname).toBe('Changed');
    expect(updated.image).not.toBe(app.image);
    const row = await h.t.db.selectFrom('applications').select('surname').where('id', '=', app._id).executeTakeFirst();
    expect(row?.surname).toBe('Changed');
  });

  it('words failures as the product does', async () => {
    const app = await seedApplication(h);
    h.fault(`PUT /api/application/updateApplication/${app._id}`, { proxyStatus: 500, body: { message: 'x' } }, 'network-error');
    renderForm(app);
    await save();
    await waitFor(() => expect(alertText()).toBe(EDIT_APPLICATION.failed));
    await save();
    await waitFor(() => expect(alertText()).toBe(EDIT_APPLICATION.error));
  });
});
