import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApplicationFormValues } from '@visa/shared/applications';
import { PRIVACY_TEXTS } from '@visa/shared/privacy-texts';
import { applicationFields } from '@visa/test-support/applications';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { jpegFile } from '../../../../test/files';
import { installObjectUrls, renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { fillApplicationFields } from '../../../features/applications/test/fixtures';
import ApplicationNewPage from './application-new';

installObjectUrls();

const h = apiHarnessForFile({ signedIn: true });

const renderPage = () =>
  renderRoutes(
    [
      { path: paths.applicationNew, Component: ApplicationNewPage },
      { path: paths.applicationList, Component: () => <h1>Application List</h1> },
    ],
    [paths.applicationNew],
    { toaster: true },
  );

async function fillAndSubmit(values: Record<keyof ApplicationFormValues, string>) {
  const user = userEvent.setup({ delay: null });
  await fillApplicationFields(user, values);
  await user.upload(screen.getByLabelText('Image'), await jpegFile());
  await screen.findByRole('img', { name: 'Preview of the chosen image' });
  await user.click(screen.getByRole('button', { name: 'Add Application' }));
  return user;
}

const owner = async () => (await h.t.createStaff('superadmin')).token;

describe('the privacy consent on the add form', { timeout: 60_000 }, () => {
  it('is not there while the office has published no notice', async () => {
    renderPage();
    await screen.findByLabelText('Issued country');
    // The notice is asked for with the form; nothing published, no box.
    await waitFor(() => expect(h.sentTo('GET /api/privacy/notice')).toHaveLength(1));
    expect(screen.queryByRole('checkbox', { name: /privacy notice/ })).toBeNull();
  });

  it('when required, stops the form until the box is ticked, then records the version agreed to', async () => {
    const token = await owner();
    await h.t.request({
      method: 'POST',
      url: '/api/privacy/notices',
      token,
      payload: { bodyEn: 'We hold data.', bodyBn: 'আমরা তথ্য রাখি।' },
    });
    await h.t.request({ method: 'PUT', url: '/api/privacy/consent-setting', token, payload: { required: true } });
    renderPage();
    const box = await screen.findByRole('checkbox', { name: `${PRIVACY_TEXTS.consentLabel(1)} (required)` });
    expect(screen.getByRole('link', { name: /Read privacy notice version 1/ })).toHaveAttribute('href', '/privacy');

    const values = applicationFields({ passport: 'PV1234567', email: 'consent@example.com' });
    const user = await fillAndSubmit(values);
    expect(await screen.findByText(PRIVACY_TEXTS.consentRequired)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(h.sentTo('POST /api/application/addApplication')).toHaveLength(0);

    await user.click(box);
    expect(screen.queryByText(PRIVACY_TEXTS.consentRequired)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Application' }));
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
    const row = await h.t.db
      .selectFrom('applications')
      .select(['consent_version', 'consent_recorded_at'])
      .where('passport', '=', 'PV1234567')
      .executeTakeFirstOrThrow();
    expect(row.consent_version).toBe(1);
    expect(row.consent_recorded_at).toEqual(expect.any(String));
  });
});
