import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { paths } from '../../../config/paths';
import { AddApplicationForm } from '../../../features/applications/components/add-application-form';
import { useIntakeConsent } from '../../../features/privacy/components/intake-consent';
import { PageHeader } from '../../../components/page-header';

export function meta() {
  return [{ title: 'Add Application | Canada Visa Desk' }];
}

/** Adding an application: on success, back to the list with a toast. */
export default function ApplicationNewPage() {
  const navigate = useNavigate();
  const intake = useIntakeConsent();
  return (
    <>
      <PageHeader title="Add Application" to={paths.applicationList} link="Back to list" linkVariant="outline-dark" />
      <AddApplicationForm
        intake={intake}
        onCreated={() => {
          toast.success(APPLICATION_TEXTS.added);
          navigate(paths.applicationList);
        }}
      />
    </>
  );
}
