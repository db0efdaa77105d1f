import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '@visa/shared/constants';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { installObjectUrls, renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { seedApplication } from '../../../features/applications/test/fixtures';
import ApplicationListPage from './application-list';
import DashboardPage from './dashboard';

installObjectUrls();

const h = apiHarnessForFile({ signedIn: true });
beforeAll(async () => {
  // 12 approved (two pages), 3 rejected, 2 pending; three of the approved are Rahman.
  const plan: [string, ApplicationStatus][] = [
    ...Array.from({ length: 12 }, (_, i): [string, ApplicationStatus] => [i < 3 ? `Rahman${i}` : `Approved${i}`, 'approved']),
    ['Rahmat', 'rejected'],
    ['Rejected1', 'rejected'],
    ['Rejected2', 'rejected'],
    ['Rahmani', 'pending'],
    ['Waiting', 'pending'],
  ];
  for (const [surname, status] of plan) {
    const application = await seedApplication(h, { surname });
    await h.t.db.updateTable('applications').set({ status }).where('id', '=', application._id).execute();
  }
}, 60_000);

/** The address, and the search the history entry keeps beside it. */
function Where() {
  const { pathname, search, state } = useLocation();
  return (
    <>
      <p data-testid="where">{pathname + search}</p>
      <p data-testid="kept">{(state as { search?: string } | null)?.search ?? ''}</p>
    </>
  );
}

const routes = [
  {
    path: paths.applicationList,
    Component: () => (
      <>
        <ApplicationListPage />
        <Where />
      </>
    ),
  },
  { path: paths.dashboard, Component: DashboardPage },
];

const user = () => userEvent.setup({ delay: null });
const where = () => screen.getByTestId('where').textContent;
const kept = () => screen.getByTestId('kept').textContent;
/** The list at `search` (an address's query), with `kept` as the history entry's search. */
const listEntry = (search: string, keptSearch?: string) => ({
  pathname: paths.applicationList,
  search,
  state: keptSearch ? { search: keptSearch } : null,
});
const shownStatuses = () =>
  within(screen.getAllByRole('rowgroup')[1]!)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[3]!.textContent);
const lastListCall = () => h.sentTo('GET /api/application/fetchApplication').at(-1)?.params as Record<string, unknown>;

describe('status filter', () => {
  it('is a labelled select kept in the URL; a change goes back to page 1 and keeps the search', async () => {
    renderRoutes(routes, [listEntry('?page=2', 'rahm')]);
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(select).toHaveValue('');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Pending', 'Approved', 'Rejected']);

    await user().selectOptions(select, 'approved');
    await waitFor(() => expect(where()).toBe(`${paths.applicationList}?status=approved`));
    expect(kept()).toBe('rahm');
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1 to 3 entries'));
    expect(shownStatuses()).toEqual(['Approved', 'Approved', 'Approved']);
    expect(lastListCall()).toMatchObject({ page: 1, search: 'rahm', status: 'approved' });

    await user().selectOptions(select, '');
    await waitFor(() => expect(where()).toBe(paths.applicationList));
    expect(kept()).toBe('rahm');
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1 to 5 entries'));
  });

  it('pages within a status, and a search typed later keeps the status and stays out of the address', async () => {
    renderRoutes(routes, [`${paths.applicationList}?status=approved`]);
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1 to 10 entries'));
    await user().click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 11 to 12 entries'));
    expect(where()).toBe(`${paths.applicationList}?status=approved&page=2`);

    await user().type(screen.getByPlaceholderText('Passport search ...'), 'rahman');
    await waitFor(() => expect(kept()).toBe('rahman'));
    expect(where()).toBe(`${paths.applicationList}?status=approved`);
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1 to 3 entries'));
  });

  it('exports the filtered list', async () => {
    renderRoutes(routes, [listEntry('?status=rejected', 'rahm')]);
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1 to 1 entries'));
    await user().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(h.sentTo('GET /api/application/export')).toHaveLength(1));
    expect(h.sentTo('GET /api/application/export')[0]!.params).toEqual({ search: 'rahm', status: 'rejected' });
    expect(h.sentTo('GET /api/application/export')[0]!.outcome).toBe(200);
  });

  it('takes the search out of an address saved before it moved, into the entry', async () => {
    renderRoutes(routes, [`${paths.applicationList}?search=rahm&status=approved`]);
    await waitFor(() => expect(where()).toBe(`${paths.applicationList}?status=approved`));
    expect(kept()).toBe('rahm');
    expect(screen.getByPlaceholderText('Passport search ...')).toHaveValue('rahm');
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1 to 3 entries'));
    expect(
      h.sentTo('GET /api/application/fetchApplication').filter((c) => (c.params as { search?: string }).search === 'rahm').length,
    ).toBeGreaterThan(0);
  });

  it('ignores a status in the URL that is not one', async () => {
    renderRoutes(routes, [`${paths.applicationList}?status=everything`]);
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1 to 10 entries'));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(lastListCall()).not.toHaveProperty('status');
  });

  it("the dashboard's count of a status opens the list filtered by it", async () => {
    renderRoutes(routes, [paths.dashboard]);
    const link = await screen.findByRole('link', { name: 'Rejected: show these applications' });
    await waitFor(() => expect(screen.getByTestId('summary-Rejected')).toHaveTextContent('3'));
    await user().click(link);
    await waitFor(() => expect(where()).toBe(`${paths.applicationList}?status=rejected`));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('rejected');
    await waitFor(() => expect(shownStatuses()).toEqual(['Rejected', 'Rejected', 'Rejected']));
  });
});

describe('leaving while a typed search waits', () => {
  /** A page whose loading is held until `arrive` is called, as a route's script still on its way. */
  const heldPage = (text: string) => {
    let arrive = () => {};
    const held = new Promise<null>((resolve) => (arrive = () => resolve(null)));
    return { route: { loader: () => held, Component: () => <p>{text}</p> }, arrive: () => arrive() };
  };

  it.each([
    { control: 'Add Application', press: () => screen.getByRole('link', { name: 'Add Application' }), page: 'New application page' },
    { control: "a row's View", press: () => screen.getAllByRole('button', { name: /^View / })[0]!, page: 'Applicant file page' },
  ])('$control still opens its page, and the search is not sent meanwhile', async ({ press, page }) => {
    const added = heldPage('New application page');
    const file = heldPage('Applicant file page');
    renderRoutes(
      [...routes, { path: paths.applicationNew, ...added.route }, { path: paths.applicationFileById, ...file.route }],
      [paths.applicationList],
    );
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1 to 10 entries'));
    const before = h.sentTo('GET /api/application/fetchApplication').length;
    await user().click(screen.getByPlaceholderText('Passport search ...'));
    await user().paste('rahm');
    await user().click(press());
    // Longer than the search's pause: its own step would have replaced the navigation under way.
    await new Promise((r) => setTimeout(r, 600));
    expect(h.sentTo('GET /api/application/fetchApplication')).toHaveLength(before);
    added.arrive();
    file.arrive();
    expect(await screen.findByText(page)).toBeInTheDocument();
  });
});
