import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Application } from '@visa/shared/applications';
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

/**
 * The application list. Page, search and status filter live in the URL (?page=2&search=ab&status=pending)
 * so reload, Back and the dashboard's links keep them.
 */
export default function ApplicationListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params);
  const search = params.get('search') ?? '';
  const status = statusFromSearch(params);

  const onPageChange = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
          return updated;
        },
        { replace: options?.replace ?? false },
      ),
    [setParams],
  );
  // A new search or status starts from its first page and keeps the other; typing replaces the
  // history entry instead of adding one per pause, while a picked status is a step Back can undo.
  const onSearchChange = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('page');
          if (next) updated.set('search', next);
          else updated.delete('search');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onStatusChange = useCallback(
    (next: ApplicationStatus | undefined) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete('page');
        if (next) updated.set('status', next);
        else updated.delete('status');
        return updated;
      }),
    [setParams],
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
        onPageChange={onPageChange}
        onSearchChange={onSearchChange}
        onStatusChange={onStatusChange}
        onView={onView}
        onEdit={onEdit}
      />
    </>
  );
}
