import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Application } from '@visa/shared/applications';
import { paths } from '../../../config/paths';
import { applicationEditPath, applicationFilePath } from '../../../config/staff-links';
import { ApplicationTable } from '../../../features/applications/components/application-table';
import { pageFromSearch } from '../../../features/applications/lib/paging';

export function meta() {
  return [{ title: 'Application List | Canada Visa Desk' }];
}

/** The application list. Page and search live in the URL (?page=2&search=ab) so reload and Back keep them. */
export default function ApplicationListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params);
  const search = params.get('search') ?? '';

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
  // A new search starts from its first page; typing replaces the history entry instead of adding one per pause.
  const onSearchChange = useCallback((next: string) => setParams(next ? { search: next } : {}, { replace: true }), [setParams]);
  const onView = (application: Application) => navigate(applicationFilePath(application._id), { state: { application } });
  const onEdit = (application: Application) => navigate(applicationEditPath(application._id), { state: { application } });

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Application List</h1>
        <Link to={paths.applicationNew} className="btn btn-danger btn-sm ms-auto">
          Add Application
        </Link>
      </div>
      <ApplicationTable
        page={page}
        search={search}
        onPageChange={onPageChange}
        onSearchChange={onSearchChange}
        onView={onView}
        onEdit={onEdit}
      />
    </>
  );
}
