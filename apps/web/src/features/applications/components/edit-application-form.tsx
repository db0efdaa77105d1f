import type { Application } from '@visa/shared/applications';
import { editErrorMessage, useUpdateApplication } from '../api/update-application';
import { ApplicationForm } from './application-form';

/** Spec §2 /editApplication: PUT multipart with an optional new image, spec §8 messages on failure. */
export function EditApplicationForm({ application, onUpdated }: { application: Application; onUpdated: (a: Application) => void }) {
  const update = useUpdateApplication();
  return (
    <ApplicationForm
      mode="edit"
      application={application}
      submitting={update.isPending}
      failure={update.isError ? editErrorMessage(update.error) : undefined}
      onReset={() => update.reset()}
      onSubmit={(input, image) => update.mutate({ id: application._id, input, image }, { onSuccess: onUpdated })}
    />
  );
}
