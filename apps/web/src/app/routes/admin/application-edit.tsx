import { Alert } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import type { Application } from '@visa/shared/applications';
import { isValidId } from '@visa/shared/ids';
import { LOADING } from '@visa/shared/staff-texts';
import { paths } from '../../../config/paths';
import { useApplication } from '../../../features/applications/api/get-application';
import { listErrorMessage } from '../../../features/applications/api/get-applications';
import { EditApplicationForm } from '../../../features/applications/components/edit-application-form';
import { LoadingStatus } from '../../../components/loading-status';
import { PageHeader } from '../../../components/page-header';
import { isHttpError } from '../../../lib/api-client';

export function meta() {
  return [{ title: 'Edit Application | Canada Visa Desk' }];
}

const stateApplication = (state: unknown): Application | undefined => {
  const candidate = (state as { application?: Application } | null)?.application;
  return candidate && typeof candidate._id === 'string' ? candidate : undefined;
};

/**
 * Editing an application: prefilled from the navigation state; after a reload (no state) the
 * application is loaded by the id in the URL. Without either, or for an unknown id, back to the
 * list (docs/product.md#staff-pages).
 */
export default function ApplicationEditPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromState = stateApplication(location.state);
  const id = params.get('id') ?? fromState?._id ?? null;
  const query = useApplication(id && isValidId(id) ? id : null, fromState);

  if (!id || !isValidId(id)) return <Navigate to={paths.applicationList} replace />;
  if (query.isError && isHttpError(query.error) && query.error.response?.status === 404) {
    return <Navigate to={paths.applicationList} replace />;
  }

  return (
    <>
      <PageHeader title="Edit Application" to={paths.applicationList} link="Back to list" linkVariant="outline-dark" />
      {query.isPending && <LoadingStatus className="py-4">{LOADING.application}</LoadingStatus>}
      {query.isError && !query.data && (
        <Alert variant="danger" role="alert">
          {listErrorMessage(query.error)}
        </Alert>
      )}
      {query.data?.anonymised && (
        <Alert transition={false} variant="secondary">
          {APPLICATION_TEXTS.erased}
        </Alert>
      )}
      {query.data && !query.data.anonymised && (
        <EditApplicationForm
          key={query.data._id}
          application={query.data}
          onUpdated={() => {
            toast.success(APPLICATION_TEXTS.updated);
            navigate(paths.applicationList);
          }}
        />
      )}
    </>
  );
}
