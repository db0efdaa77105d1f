import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { createApplication } from '@visa/test-support/applications';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import ApplicationEditPage from './application-edit';
import { paths } from '../../../config/paths';
import { applicationEditPath } from '../../../config/staff-links';
import { ApplicantFileView } from '../../../features/applications/components/applicant-file-view';
import { ApplicationTable } from '../../../features/applications/components/application-table';

/** An applicant erased under the personal-data rules, as staff then meet the application. */
const h = apiHarnessForFile({ signedIn: true });
let erasedId: string;
let keptName: string;
beforeAll(async () => {
  const kept = await createApplication(h.t.db, { surname: 'Karim', given_name: 'Rafiq' }, { storage: h.t.storage });
  keptName = `${kept.surname} ${kept.given_name}`;
  const erased = await createApplication(h.t.db, { surname: 'Begum', given_name: 'Salma' }, { storage: h.t.storage });
  erasedId = erased.id;
  const owner = await h.t.createStaff('superadmin');
  const res = await h.t.request({
    method: 'POST',
    url: `/api/application/eraseApplication/${erased.id}`,
    token: owner.token,
    payload: { reason: 'Asked by the applicant', confirmation: erased.passport },
  });
  expect(res.statusCode).toBe(200);
}, 60_000);

describe('an erased applicant’s application', () => {
  it('says so in the list, with the end of its reference, no passport and no Edit; the others are as before', async () => {
    const label = `${APPLICATION_TEXTS.erasedName} (${erasedId.slice(-6)})`;
    renderRoutes([
      {
        path: '/',
        Component: () => (
          <ApplicationTable
            page={1}
            search=""
            status={undefined}
            onPageChange={vi.fn()}
            onSearchChange={vi.fn()}
            onStatusChange={vi.fn()}
            onDocumentsChange={vi.fn()}
            onCaseFilterChange={vi.fn()}
            onView={vi.fn()}
            onEdit={vi.fn()}
          />
        ),
      },
    ]);
    const row = (await screen.findByText(label)).closest('tr')!;
    expect(within(row).getByRole('button', { name: `View ${label}` })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('img')).not.toBeInTheDocument();
    expect(row).not.toHaveTextContent('erased:');
    expect(screen.getByRole('button', { name: `Edit ${keptName}` })).toBeInTheDocument();
  });

  it('opens its file with the notice, and without document upload or document requests', async () => {
    renderRoutes([{ path: '/', Component: () => <ApplicantFileView id={erasedId} /> }], ['/'], { toaster: true });
    expect(await screen.findByText(APPLICATION_TEXTS.erased)).toBeInTheDocument();
    // The history loads beside it: once it has, neither section has come.
    await screen.findByRole('heading', { name: /history/i });
    expect(screen.queryByRole('heading', { name: 'Add documents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Documents by link/ })).not.toBeInTheDocument();
  });

  it('opens the edit page on the notice instead of the form', async () => {
    renderRoutes([{ path: paths.applicationEdit, Component: ApplicationEditPage }], [applicationEditPath(erasedId)]);
    expect(await screen.findByText(APPLICATION_TEXTS.erased)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Application' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Passport')).not.toBeInTheDocument();
  });
});
