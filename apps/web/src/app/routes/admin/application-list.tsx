import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import type { Application, DocumentsFilter } from '@visa/shared/applications';
import { readSearch } from '@visa/shared/application-search-rule';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@visa/shared/constants';
import { paths } from '../../../config/paths';
import { applicationEditPath, applicationFilePath } from '../../../config/staff-links';
import { ApplicationTable } from '../../../features/applications/components/application-table';
import { pageFromSearch } from '../../../features/applications/lib/paging';
import { PageHeader } from '../../../components/page-header';

export function meta() {
  return [{ title: 'Application List | Canada Visa Desk' }];
}

/** A status named in the URL, if it is one; anything else lists every status. */
const statusFromSearch = (params: URLSearchParams): ApplicationStatus | undefined => {
  const value = params.get('status');
  return (APPLICATION_STATUSES as readonly string[]).includes(value ?? '') ? (value as ApplicationStatus) : undefined;
};

/** The documents filter named in the URL (`?documents=waiting`), if it is the one there is. */
const documentsFromSearch = (params: URLSearchParams): DocumentsFilter | undefined =>
  params.get('documents') === 'waiting' ? 'waiting' : undefined;

/** The case filters named in the URL (ADR 0079): a stage key as it reads, a day count of 0–365. */
const stageFromSearch = (params: URLSearchParams): string | undefined => {
  const value = params.get('stage') ?? '';
  return /^(?:[a-z]+|custom-[a-z0-9]+(?:-[a-z0-9]+)*)$/.test(value) ? value : undefined;
};
const dueWithinFromSearch = (params: URLSearchParams): number | undefined => {
  const value = params.get('dueWithin') ?? '';
  return /^\d{1,3}$/.test(value) && Number(value) <= 365 ? Number(value) : undefined;
};

/** The balance filter named in the URL (`?balance=due`, ADR 0084), if it is the one there is. */
const balanceFromSearch = (params: URLSearchParams): 'due' | undefined => (params.get('balance') === 'due' ? 'due' : undefined);

/**
 * The search text (a passport number or a name) as the history entry keeps it: in the entry's
 * state, never in the address, which browsers keep in their history and servers in their logs.
 */
const searchFromState = (state: unknown): string => readSearch((state as { search?: unknown } | null)?.search) ?? '';

/** The state a step to another page or status carries: the search of the entry it leaves. */
const keptSearch = (search: string) => (search ? { search } : undefined);

/**
 * The application list. Page, status, documents, stage, deadline and balance filters live in the URL
 * (?page=2&status=pending, ?documents=waiting, ?stage=biometrics&dueWithin=7, ?balance=due) so reload,
 * Back and the dashboard's links keep them; the search lives in the history entry's state, which
 * reload and Back keep too, so what was typed never enters an address (ADR 0058).
 */
export default function ApplicationListPage() {
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  // A step to another page under way (a row's View, Add Application, the sidebar, signing out).
  const navigation = useNavigation();
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params);
  const addressSearch = params.get('search');
  const search = searchFromState(addressSearch === null ? state : { search: addressSearch });
  const status = statusFromSearch(params);
  const documents = documentsFromSearch(params);
  const stage = stageFromSearch(params);
  const dueWithin = dueWithinFromSearch(params);
  const balance = balanceFromSearch(params);

  // An address saved before the search left it: the search moves into the entry's state.
  useEffect(() => {
    if (addressSearch === null) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('search');
        return updated;
      },
      { replace: true, state: { search: addressSearch } },
    );
  }, [addressSearch, setParams]);

  const onPageChange = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
          return updated;
        },
        { replace: options?.replace ?? false, state: keptSearch(search) },
      ),
    [setParams, search],
  );
  // A new search or status starts from its first page and keeps the other; typing replaces the
  // history entry instead of adding one per pause, while a picked status is a step Back can undo.
  const onSearchChange = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('page');
          return updated;
        },
        { replace: true, state: keptSearch(next) },
      ),
    [setParams],
  );
  const onStatusChange = useCallback(
    (next: ApplicationStatus | undefined) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('page');
          if (next) updated.set('status', next);
          else updated.delete('status');
          return updated;
        },
        { state: keptSearch(search) },
      ),
    [setParams, search],
  );
  const onDocumentsChange = useCallback(
    (next: DocumentsFilter | undefined) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('page');
          if (next) updated.set('documents', next);
          else updated.delete('documents');
          return updated;
        },
        { state: keptSearch(search) },
      ),
    [setParams, search],
  );
  const onCaseFilterChange = useCallback(
    (filter: 'stage' | 'dueWithin' | 'balance', next: string | undefined) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('page');
          if (next) updated.set(filter, next);
          else updated.delete(filter);
          return updated;
        },
        { state: keptSearch(search) },
      ),
    [setParams, search],
  );
  const onView = (application: Application) => navigate(applicationFilePath(application._id), { state: { application } });
  const onEdit = (application: Application) => navigate(applicationEditPath(application._id), { state: { application } });

  return (
    <>
      <PageHeader title="Application List" to={paths.applicationNew} link="Add Application" />
      <ApplicationTable
        page={page}
        search={search}
        status={status}
        documents={documents}
        stage={stage}
        dueWithin={dueWithin}
        balance={balance}
        onCaseFilterChange={onCaseFilterChange}
        onPageChange={onPageChange}
        onSearchChange={onSearchChange}
        onStatusChange={onStatusChange}
        onDocumentsChange={onDocumentsChange}
        onView={onView}
        onEdit={onEdit}
        leaving={leaving}
      />
    </>
  );
}
