import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import type { Application, DocumentsFilter } from '@visa/shared/applications';
import { type ApplicationStatus, TIMEOUTS } from '@visa/shared/constants';
import { formatDate } from '@visa/shared/dates';
import { APPLICATION_LIST } from '@visa/shared/ui-texts';
import { DOCUMENTS_WAITING } from '@visa/shared/staff-texts';
import { createApplication } from '@visa/test-support/applications';
import { filesWaiting } from '@visa/test-support/document-request-links';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { installObjectUrls, renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { seedApplication } from '../test/fixtures';
import { rowName } from '../lib/row-name';
import { ApplicationTable } from './application-table';

const objectUrls = installObjectUrls();

const h = apiHarnessForFile({ reset: false, signedIn: true });
let seeded: Application[];
beforeAll(async () => {
  seeded = [];
  // 23 applications: three pages of 10. Names and passports give the searches something to find.
  for (let i = 0; i < 23; i++) {
    seeded.push(
      await seedApplication(h, {
        surname: i === 0 ? 'Chowdhury' : `Person${String(i).padStart(2, '0')}`,
        passport: i < 2 ? `BX10000${i}` : undefined,
      }),
    );
  }
}, 60_000);

/**
 * The route's job (page and search in the URL) done with state, so the table is tested alone. View
 * and Edit start leaving, as a navigation to a page still loading does; Stay ends it on the page.
 */
function Harness({
  onView,
  onEdit,
  initialPage = 1,
  initialSearch = '',
}: {
  onView: (a: Application) => void;
  onEdit: (a: Application) => void;
  initialPage?: number;
  initialSearch?: string;
}) {
  const [page, setPage] = useState(initialPage);
  const [search, setSearch] = useState(initialSearch);
  const [status, setStatus] = useState<ApplicationStatus | undefined>();
  const [documents, setDocuments] = useState<DocumentsFilter | undefined>();
  const [caseFilters, setCaseFilters] = useState<{ stage?: string; dueWithin?: number; balance?: 'due' }>({});
  const [leaving, setLeaving] = useState(false);
  const leave = (go: (a: Application) => void) => (a: Application) => {
    setLeaving(true);
    go(a);
  };
  return (
    <>
      <button type="button" onClick={() => setLeaving(false)}>
        Stay
      </button>
      <ApplicationTable
        page={page}
        search={search}
        status={status}
        documents={documents}
        {...caseFilters}
        onCaseFilterChange={(filter, value) => {
          setCaseFilters((f) => ({ ...f, [filter]: filter === 'dueWithin' && value ? Number(value) : value }));
          setPage(1);
        }}
        onPageChange={setPage}
        onSearchChange={(s) => {
          setSearch(s);
          setPage(1);
        }}
        onStatusChange={(s) => {
          setStatus(s);
          setPage(1);
        }}
        onDocumentsChange={(d) => {
          setDocuments(d);
          setPage(1);
        }}
        onView={leave(onView)}
        onEdit={leave(onEdit)}
        leaving={leaving}
      />
    </>
  );
}

function renderTable(initialPage = 1, initialSearch = '') {
  const onView = vi.fn();
  const onEdit = vi.fn();
  renderRoutes(
    [
      {
        path: paths.applicationList,
        Component: () => <Harness onView={onView} onEdit={onEdit} initialPage={initialPage} initialSearch={initialSearch} />,
      },
    ],
    [paths.applicationList],
    { toaster: true },
  );
  return { onView, onEdit };
}

const rows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const user = () => userEvent.setup({ delay: null });
const listCalls = () => h.sent.filter((c) => c.url === '/api/application/fetchApplication');

describe('application list', () => {
  it('shows the newest ten with photo, name, passport, status and dates, and a truthful entries line', async () => {
    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1 to 10 entries');
    const newest = seeded.at(-1)!;
    const first = rows()[0]!;
    // The same signed file; the signature's expiry is counted from the minute the list was answered.
    const photo = within(first).getByRole('img', { name: `Photo of ${newest.surname} ${newest.givenN}` });
    expect(photo.getAttribute('src')?.split('?')[0]).toBe(newest.thumbnail!.split('?')[0]);
    expect(photo.getAttribute('src')).toMatch(/\?exp=\d+&sig=/);
    expect(first).toHaveTextContent(newest.passport);
    expect(first).toHaveTextContent('Pending');
    expect(first).toHaveTextContent(formatDate(newest.pending!));
    expect(listCalls().at(-1)?.timeout).toBe(TIMEOUTS.applicationList);
  });

  it('pages with numbers and Previous/Next; page 2 says Show 11 to 20, page 3 Show 21 to 23', async () => {
    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const pager = screen.getByRole('list', { name: 'Application pages' });
    expect(within(pager).getAllByText('Previous')[0]!.closest('li')).toHaveClass('disabled');
    await user().click(within(pager).getAllByText('Next')[0]!);
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 11 to 20 entries'));
    await user().click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 21 to 23 entries'));
    expect(rows()).toHaveLength(3);
    expect(
      within(screen.getByRole('list', { name: 'Application pages' }))
        .getAllByText('Next')[0]!
        .closest('li'),
    ).toHaveClass('disabled');
  });

  it('searches by passport prefix after typing pauses (one request, not one per key)', async () => {
    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const before = listCalls().length;
    await user().type(screen.getByPlaceholderText('Passport search ...'), 'bx10');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(listCalls().length - before).toBe(1);
    expect(listCalls().at(-1)?.params).toMatchObject({ page: 1, search: 'bx10' });
    expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1 to 2 entries');
  });

  it("says 'No applications found.' when nothing matches, and refuses regex characters without asking the server", async () => {
    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const box = screen.getByPlaceholderText('Passport search ...');
    await user().type(box, 'zz9');
    await waitFor(() => expect(screen.getByText(APPLICATION_LIST.empty)).toBeInTheDocument());
    expect(screen.queryByTestId('entries-line')).not.toBeInTheDocument();
    const before = listCalls().length;
    await user().clear(box);
    await user().type(box, '.*');
    expect(await screen.findByText(APPLICATION_TEXTS.invalidSearch)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await new Promise((r) => setTimeout(r, 600));
    expect(listCalls().length).toBe(before);
  });

  it('narrows to applications with documents to review with a labelled switch, and back', async () => {
    await filesWaiting(h.t.db, seeded[3]!._id, 1);
    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const only = screen.getByRole('checkbox', { name: DOCUMENTS_WAITING.filterLabel });
    await user().click(only);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent(seeded[3]!.passport);
    expect(listCalls().at(-1)?.params).toMatchObject({ page: 1, documents: 'waiting' });
    await user().click(only);
    await waitFor(() => expect(rows()).toHaveLength(10));
    await h.t.db.deleteFrom('document_requests').where('application_id', '=', seeded[3]!._id).execute();
  });

  it('shows each application’s stage and narrows by stage and by deadline with labelled selects', async () => {
    await h.t.db.updateTable('applications').set({ stage: 'medical' }).where('id', '=', seeded[4]!._id).execute();
    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(rows()[0]).toHaveTextContent('Preparing the file');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Medical exam' })).toBeInTheDocument());
    await user().selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'medical');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent(seeded[4]!.passport);
    expect(rows()[0]).toHaveTextContent('Medical exam');
    await user().selectOptions(screen.getByRole('combobox', { name: 'Deadline' }), 'Within 7 days');
    await waitFor(() => expect(screen.getByText(APPLICATION_LIST.empty)).toBeInTheDocument());
    expect(listCalls().at(-1)?.params).toMatchObject({ page: 1, stage: 'medical', dueWithin: 7 });
    await h.t.db.updateTable('applications').set({ stage: 'preparing' }).where('id', '=', seeded[4]!._id).execute();
  });

  it('asks for the applications that owe money with a labelled balance select', async () => {
    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user().selectOptions(screen.getByRole('combobox', { name: 'Balance' }), 'Balance due');
    await waitFor(() => expect(listCalls().at(-1)?.params).toMatchObject({ page: 1, balance: 'due' }));
    await user().selectOptions(screen.getByRole('combobox', { name: 'Balance' }), 'Any balance');
    await waitFor(() => expect(listCalls().at(-1)?.params).not.toHaveProperty('balance'));
  });

  it('hands View and Edit the application', async () => {
    const { onView, onEdit } = renderTable();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const newest = seeded.at(-1)!;
    const name = `${newest.surname} ${newest.givenN}`;
    await user().click(screen.getByRole('button', { name: `View ${name}` }));
    await user().click(screen.getByRole('button', { name: `Edit ${name}` }));
    expect(onView.mock.calls[0]![0]._id).toBe(newest._id);
    expect(onEdit.mock.calls[0]![0]._id).toBe(newest._id);
  });

  it('a View clicked while a typed search still waits opens that row, and the search is not sent after it', async () => {
    const { onView } = renderTable();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const before = listCalls().length;
    const newest = seeded.at(-1)!;
    await user().click(screen.getByPlaceholderText('Passport search ...'));
    await user().paste('bx10');
    await user().click(screen.getByRole('button', { name: `View ${newest.surname} ${newest.givenN}` }));
    expect(onView.mock.calls[0]![0]._id).toBe(newest._id);
    await new Promise((r) => setTimeout(r, 600));
    expect(listCalls().length).toBe(before);
    // The navigation ends on this page after all: the search waiting is sent.
    await user().click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(listCalls().at(-1)?.params).toMatchObject({ page: 1, search: 'bx10' });
  });

  // These two need a list of exactly one application, so they get an API of their own whose only
  // application is the one each test stores.
  describe('with one application', () => {
    const one = apiHarnessForFile({ reset: false, signedIn: true });
    beforeEach(async () => {
      await one.t.db.deleteFrom('applications').execute();
    });

    it('words list and delete failures as the product does', async () => {
      // A stored application whose id is not well-formed: the client refuses to send its delete.
      await createApplication(one.t.db, { id: 'not-a-valid-id' });
      renderTable();
      await waitFor(() => expect(rows()).toHaveLength(1));
      await user().click(within(rows()[0]!).getByRole('button', { name: /^Delete / }));
      await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText(APPLICATION_LIST.invalidId)).toBeInTheDocument();
    });

    it('words a failed delete and a failed fetch', async () => {
      const target = await seedApplication(one);
      one.fault(`DELETE /api/application/deleteApplication/${target._id}`, { proxyStatus: 500 }, 'network-error');
      renderTable();
      await waitFor(() => expect(rows()).toHaveLength(1));
      for (const message of [APPLICATION_LIST.deleteFailed, APPLICATION_LIST.deleteError]) {
        await user().click(within(rows()[0]!).getByRole('button', { name: /^Delete / }));
        await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
        await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
      }
    });
  });

  // A search that matches more than the server counts needs over a thousand applications: an API
  // of its own, filled straight into its database.
  describe('with more matches than counted', () => {
    const many = apiHarnessForFile({ reset: false, signedIn: true });
    beforeAll(async () => {
      await Promise.all(Array.from({ length: 1005 }, () => createApplication(many.t.db, { surname: 'Capped' })));
    }, 60_000);

    it("shows '1,000+ applications match' and lets Next go on past the pages counted, to the real last page", async () => {
      renderTable(1, 'capped');
      await waitFor(() => expect(rows()).toHaveLength(10));
      expect(screen.getByTestId('capped-total')).toHaveTextContent(APPLICATION_LIST.cappedTotal(1000));
      expect(screen.getByTestId('capped-total')).toHaveTextContent('1,000+ applications match');
      const pager = () => screen.getByRole('list', { name: 'Application pages' });
      // The last page counted, then a gap for the pages beyond it.
      expect(within(pager()).getAllByRole('listitem').at(-2)).toHaveTextContent('…');
      await user().click(screen.getByRole('button', { name: 'Page 100' }));
      await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 991 to 1000 entries'));
      const next = () => within(pager()).getAllByText('Next')[0]!.closest('li');
      expect(next()).not.toHaveClass('disabled');
      await user().click(within(pager()).getAllByText('Next')[0]!);
      // Page 101 holds the last five: the count is exact again, and Next stops.
      await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 1001 to 1005 entries'));
      expect(screen.queryByTestId('capped-total')).not.toBeInTheDocument();
      expect(next()).toHaveClass('disabled');
      expect(within(pager()).getByText('101').closest('li')).toHaveClass('active');
    });
  });

  it.each([
    [{ status: 500 }, APPLICATION_LIST.fetchFailed],
    ['network-error' as const, APPLICATION_LIST.noResponse],
    ['setup-error' as const, APPLICATION_LIST.unexpected],
  ])('shows the product message when the list cannot be loaded (%s)', async (reply, message) => {
    h.fault('GET /api/application/fetchApplication', typeof reply === 'string' ? reply : { proxyStatus: reply.status });
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('exports the current search as a CSV download', async () => {
    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user().type(screen.getByPlaceholderText('Passport search ...'), 'chow');
    // The search waits for typing to pause, then for the answer: more than waitFor's second on a busy machine.
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 3000 });
    const before = objectUrls.length;
    await user().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(objectUrls.length).toBe(before + 1));
    const csv = await objectUrls.at(-1)!.text();
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(csv).toContain(',Chowdhury,');
    expect(h.sent.at(-1)?.params).toEqual({ search: 'chow' });
  });
  it('deletes after confirmation, toasts, refetches, and steps back when the last page empties', async () => {
    renderTable(3);
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 21 to 23 entries'));
    // Cancel changes nothing.
    const [first] = rows();
    await user().click(within(first!).getByRole('button', { name: /^Delete / }));
    expect(screen.getByRole('dialog', { name: 'Delete application' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(rows()).toHaveLength(3);

    for (let left = 3; left > 0; left--) {
      await user().click(within(rows()[0]!).getByRole('button', { name: /^Delete / }));
      await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.getAllByText(APPLICATION_TEXTS.deleted).length).toBeGreaterThan(0));
      if (left > 1) await waitFor(() => expect(rows()).toHaveLength(left - 1));
    }
    // Page 3 is gone: the table moves to page 2 rather than showing an empty page.
    await waitFor(() => expect(screen.getByTestId('entries-line')).toHaveTextContent('Show 11 to 20 entries'));
    const count = await h.t.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(20);
  });

  it('a list asked for while a delete is on its way is asked for again: the deleted row does not stay', async () => {
    const added = await seedApplication(h, { surname: 'Talukder' });
    renderTable();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Talukder'));
    // The search's answer has not come when the delete is confirmed (it may have been read before).
    h.fault('GET /api/application/fetchApplication', 'hang');
    await user().type(screen.getByPlaceholderText('Passport search ...'), 'talukder');
    await waitFor(() => expect(listCalls().at(-1)?.params).toMatchObject({ search: 'talukder' }), { timeout: 3000 });
    await user().click(screen.getByRole('button', { name: `Delete ${rowName(added)}` }));
    await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText(APPLICATION_LIST.empty)).toBeInTheDocument());
    expect(listCalls().at(-1)).toMatchObject({ params: { search: 'talukder' }, outcome: 200 });
  });
});
