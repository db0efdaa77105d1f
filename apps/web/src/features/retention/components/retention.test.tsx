import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERASURE_TEXTS, RETENTION_PREVIEW_SHOWN } from '@visa/shared/retention';
import { createApplication } from '@visa/test-support/applications';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { EraseApplicant } from './erase-applicant';
import { RetentionForm } from './retention-form';

const h = apiHarnessForFile();

describe('retention settings and their preview', () => {
  it('lists what the next run would anonymise, and a rule turned on starts at the recommended months', async () => {
    await h.signIn('superadmin');
    const withdrawn = await createApplication(h.t.db, { consent_withdrawn_at: '2020-01-01T00:00:00.000Z' });
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings', Component: RetentionForm }], ['/settings']);

    const preview = await screen.findByRole('region', { name: 'The next run would anonymise' });
    expect(await within(preview).findByTestId('retention-counts')).toHaveTextContent(
      '1 applications: 0 refused, 0 approved, 0 untouched pending, 1 with consent withdrawn.',
    );
    const row = within(preview).getByText(withdrawn.id).closest('tr')!;
    expect(row).toHaveTextContent('Consent withdrawn');
    expect(row).toHaveTextContent('31 Jan 2020');

    await user.click(screen.getByLabelText('Anonymise refused applications'));
    expect(screen.getByLabelText('Months (months after the decision)')).toHaveValue(24);
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText(ERASURE_TEXTS.saved)).toBeInTheDocument();
    const saved = await h.t.request({ method: 'GET', url: '/api/users/settings/retention', token: h.staff.token });
    expect(saved.json()).toEqual({ rejectedMonths: 24, approvedMonths: null, pendingMonths: null, withdrawnDays: 30 });
  });

  it(`lists the first ${RETENTION_PREVIEW_SHOWN} when more are due, counts them all, and says where the whole list is`, async () => {
    await h.signIn('superadmin');
    for (let i = 0; i < RETENTION_PREVIEW_SHOWN + 5; i++)
      await createApplication(h.t.db, { consent_withdrawn_at: '2020-02-01T00:00:00.000Z' });
    renderRoutes([{ path: '/settings', Component: RetentionForm }], ['/settings']);
    const preview = await screen.findByRole('region', { name: 'The next run would anonymise' });
    const due = RETENTION_PREVIEW_SHOWN + 6;
    expect(await within(preview).findByTestId('retention-counts')).toHaveTextContent(`${due} applications:`);
    expect(within(preview).getAllByRole('row')).toHaveLength(RETENTION_PREVIEW_SHOWN + 1);
    expect(within(preview).getByTestId('retention-shown')).toHaveTextContent(
      `The ${RETENTION_PREVIEW_SHOWN} that expired first are listed. bin/visa-desk admin retention --dry-run (on the server) lists them all.`,
    );
  });
});

describe('erase now', () => {
  it('asks for a reason and the passport typed again, and sends them in the body only', async () => {
    await h.signIn('superadmin');
    const application = await createApplication(h.t.db, {}, { storage: h.t.storage });
    const user = userEvent.setup();
    renderRoutes([{ path: '/file', Component: () => <EraseApplicant id={application.id} /> }], ['/file']);

    await user.click(await screen.findByRole('button', { name: 'Erase now' }));
    const dialog = await screen.findByRole('dialog', { name: "Erase this applicant's personal data?" });
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await within(dialog).findByText(ERASURE_TEXTS.reasonRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Reason/), 'Asked by the applicant');
    await user.type(within(dialog).getByLabelText("Type the applicant's passport number to confirm"), 'Z9999999');
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await within(dialog).findByText(ERASURE_TEXTS.confirmationWrong)).toBeInTheDocument();

    const field = within(dialog).getByLabelText("Type the applicant's passport number to confirm");
    await user.clear(field);
    await user.type(field, application.passport);
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText(ERASURE_TEXTS.erased)).toBeInTheDocument();

    await waitFor(async () => {
      const row = await h.t.db
        .selectFrom('applications')
        .select('anonymised_at')
        .where('id', '=', application.id)
        .executeTakeFirstOrThrow();
      expect(row.anonymised_at).not.toBeNull();
    });
    const sent = h.sentTo(`POST /api/application/eraseApplication/${application.id}`);
    expect(sent).toHaveLength(2);
    for (const request of h.sent) expect(request.url).not.toContain(application.passport);
  });
});
