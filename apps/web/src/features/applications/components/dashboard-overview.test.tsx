import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_LIST } from '@visa/shared/ui-texts';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { seedApplication } from '../test/fixtures';
import { filesWaiting } from '@visa/test-support/document-request-links';
import { StaffSidebar } from '../../../components/layout/staff-sidebar';
import { useDocumentsToReview } from '../api/documents-to-review';
import { DashboardOverview } from './dashboard-overview';

const h = apiHarnessForFile({ reset: false, signedIn: true });
beforeAll(async () => {
  for (let i = 0; i < 12; i++)
    await seedApplication(h, { surname: `Dash${String(i).padStart(2, '0')}`, jobTitle: i < 3 ? 'Cook' : 'Plumber' });
  const [approved] = await h.t.db.selectFrom('applications').select('id').orderBy('created_at').limit(1).execute();
  await h.t.db.updateTable('applications').set({ status: 'approved' }).where('id', '=', approved!.id).execute();
  // Three files waiting for review, on two applications.
  const [first, second] = await h.t.db.selectFrom('applications').select('id').orderBy('created_at', 'desc').limit(2).execute();
  await filesWaiting(h.t.db, first!.id, 2);
  await filesWaiting(h.t.db, second!.id, 1);
}, 60_000);

function Page() {
  const [page, setPage] = useState(1);
  return <DashboardOverview page={page} onPageChange={setPage} />;
}

/** The dashboard in the staff frame, as the layout shows it. */
function Framed() {
  const waiting = useDocumentsToReview().data?.applications;
  return (
    <>
      <StaffSidebar
        open
        user={{ _id: 'a'.repeat(24), name: 'Clerk', email: 'clerk@example.com', role: 'admin' }}
        onLogout={() => {}}
        documentsWaiting={waiting}
      />
      <Page />
    </>
  );
}

describe('dashboard', () => {
  it('shows total applications, total pages and the counts by status', async () => {
    renderRoutes([{ path: '/dashboard', Component: Page }], ['/dashboard']);
    await waitFor(() => expect(screen.getByTestId('summary-Total applications')).toHaveTextContent('12'));
    expect(screen.getByTestId('summary-Total pages')).toHaveTextContent('2');
    await waitFor(() => expect(screen.getByTestId('summary-Pending')).toHaveTextContent('11'));
    expect(screen.getByTestId('summary-Approved')).toHaveTextContent('1');
    expect(screen.getByTestId('summary-Rejected')).toHaveTextContent('0');
  });

  it('links Documents to review, like the status counts, to the list of applications with files waiting; the frame’s badge counts those applications from the same one request', async () => {
    const counted = () => h.sent.filter((c) => c.url === '/api/application/documentsToReview').length;
    const before = counted();
    renderRoutes([{ path: '/dashboard', Component: Framed }], ['/dashboard']);
    await waitFor(() => expect(screen.getByTestId('summary-Documents to review')).toHaveTextContent('3'));
    expect(screen.getByRole('link', { name: 'Documents to review: show these applications' })).toHaveAttribute(
      'href',
      '/application?documents=waiting',
    );
    const badge = screen.getByTestId('documents-waiting-link');
    await waitFor(() => expect(badge).toHaveAccessibleName('Documents to review: 2 applications waiting'));
    expect(badge).toHaveAttribute('href', '/application?documents=waiting');
    expect(counted() - before).toBe(1);
  });

  it('lists names with Previous and Next', async () => {
    renderRoutes([{ path: '/dashboard', Component: Page }], ['/dashboard']);
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Dash11');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('draws the charts as images with a text summary, and gives the numbers as text', async () => {
    renderRoutes([{ path: '/dashboard', Component: Page }], ['/dashboard']);
    const byJob = await screen.findByRole('img', { name: /Applications by job title/ });
    expect(byJob).toHaveAccessibleName('Applications by job title 12 applications in all; the most, 9, for Plumber.');
    const table = within(byJob.closest('figure')!).getByRole('table');
    const cook = within(table).getByRole('row', { name: 'Cook 3' });
    expect(cook).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(15);
    const byMonth = screen.getByRole('img', { name: /Applications by month/ });
    expect(within(byMonth.closest('figure')!).getAllByRole('row')).toHaveLength(13);
    expect(byMonth).toHaveAccessibleName(/12 applications in the last 12 months in all/);
  });

  it('shows the product message when the figures cannot be loaded', async () => {
    h.fault('GET /api/application/fetchApplication', 'network-error');
    h.fault('GET /api/application/stats', { proxyStatus: 500 });
    renderRoutes([{ path: '/dashboard', Component: Page }], ['/dashboard']);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([APPLICATION_LIST.noResponse, APPLICATION_LIST.fetchFailed]),
    );
  });
});
