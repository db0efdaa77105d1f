import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_NOTICE } from '@visa/shared/privacy-notice-view';
import { PRIVACY_TEXTS } from '@visa/shared/privacy-texts';
import { createApplication } from '@visa/test-support/applications';
import { type Staff, apiHarnessForFile } from '../../../../test/api-harness';
import { installObjectUrls, renderRoutes } from '../../../../test/render';
import { PrivacyConsentPanel } from './privacy-consent-panel';
import { PrivacySettings } from './privacy-settings';

const saved = installObjectUrls();
const h = apiHarnessForFile({ reset: false });
let owner: Staff;
let staff: Staff;
beforeAll(async () => {
  owner = await h.signIn('superadmin', { name: 'Owner Person' });
  staff = await h.signIn('admin', { name: 'Nadia Staff' });
});

const render = (element: React.ReactElement) => renderRoutes([{ path: '/', Component: () => element }], ['/'], { toaster: true });

describe('Settings: privacy notice', () => {
  beforeEach(() => h.signInAs(owner));

  it('starts from the standard text, refuses an empty notice, publishes version 1 and lists it; then consent can be required', async () => {
    const user = userEvent.setup({ delay: null });
    render(<PrivacySettings />);
    const english = await screen.findByRole('textbox', { name: 'Notice in English' });
    expect(english).toHaveValue(DEFAULT_PRIVACY_NOTICE.en);
    expect(screen.getByRole('textbox', { name: 'Notice in Bengali' })).toHaveValue(DEFAULT_PRIVACY_NOTICE.bn);
    const required = screen.getByRole('switch', { name: 'Require consent at intake' });
    expect(required).toBeDisabled();

    await user.clear(english);
    await user.click(screen.getByRole('button', { name: 'Publish as version 1' }));
    expect(await screen.findByText(PRIVACY_TEXTS.bodyRequired('English'))).toBeInTheDocument();
    expect(h.sentTo('POST /api/privacy/notices')).toHaveLength(0);

    await user.click(english);
    await user.paste('We hold your passport number.\n\nAsk us for a copy.');
    await user.click(screen.getByRole('button', { name: 'Publish as version 1' }));
    expect(await screen.findByText(PRIVACY_TEXTS.published(1))).toBeInTheDocument();
    const versions = await screen.findByRole('region', { name: 'Published versions' });
    expect(within(versions).getByText(/Version 1, published .* by Owner Person/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Publish as version 2' })).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require consent at intake' })).toBeEnabled());
    await user.click(screen.getByRole('switch', { name: 'Require consent at intake' }));
    expect(await screen.findByText(PRIVACY_TEXTS.consentSettingSaved)).toBeInTheDocument();
    const setting = await h.t.db.selectFrom('app_settings').select('value').where('key', '=', 'privacyConsentRequired').executeTakeFirst();
    expect(setting?.value).toBe('true');
  });
});

describe("the file's consent panel", () => {
  beforeEach(() => h.signInAs(staff));

  it('shows the consent recorded at intake; withdrawing asks first, then shows when', async () => {
    const user = userEvent.setup({ delay: null });
    const row = await createApplication(h.t.db, {
      consent_version: 1,
      consent_recorded_by: staff.id,
      consent_recorded_at: '2026-11-20T08:00:00.000Z',
    });
    render(<PrivacyConsentPanel applicationId={row.id} />);
    const status = await screen.findByTestId('consent-status');
    expect(status).toHaveTextContent(/^Agreed to privacy notice version 1, recorded .+ by Nadia Staff\.$/);

    await user.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw consent?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(h.sentTo(`POST /api/privacy/consent/${row.id}/withdraw`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw consent?' })).getByRole('button', { name: 'Withdraw consent' }),
    );
    expect(await screen.findByText(/^Consent withdrawn /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw consent' })).toBeNull();
    const stored = await h.t.db
      .selectFrom('applications')
      .select('consent_withdrawn_at')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.consent_withdrawn_at).toEqual(expect.any(String));
  });

  it('says when no consent was recorded, and downloads the applicant data as a ZIP', async () => {
    const user = userEvent.setup({ delay: null });
    const row = await createApplication(h.t.db, {}, { storage: h.t.storage });
    render(<PrivacyConsentPanel applicationId={row.id} />);
    expect(await screen.findByTestId('consent-status')).toHaveTextContent(
      'No consent to the privacy notice was recorded for this application.',
    );
    const before = saved.length;
    await user.click(screen.getByRole('button', { name: "Download this applicant's data" }));
    await waitFor(() => expect(saved.length).toBe(before + 1));
    const blob = saved.at(-1)!;
    // A ZIP starts with its local file header's signature.
    expect(
      Buffer.from(await blob.arrayBuffer())
        .subarray(0, 4)
        .toString('hex'),
    ).toBe('504b0304');
  });
});
