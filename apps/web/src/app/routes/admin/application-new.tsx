import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { APPLICATION_MESSAGES } from '@visa/shared/applications';
import { paths } from '../../../config/paths';
import { AddApplicationForm } from '../../../features/applications/components/add-application-form';

export function meta() {
  return [{ title: 'Add Application | Canada Visa Desk' }];
}

/** Adding an application: on success, back to the list with a toast. */
export default function ApplicationNewPage() {
  const navigate = useNavigate();
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Add Application</h1>
        <Link to={paths.applicationList} className="btn btn-outline-dark btn-sm ms-auto">
          Back to list
        </Link>
      </div>
      <AddApplicationForm
        onCreated={() => {
          toast.success(APPLICATION_MESSAGES.added);
          navigate(paths.applicationList);
        }}
      />
    </>
  );
}
