import type { Application } from '@visa/shared/applications';
import { editErrorMessage, useUpdateApplication } from '../api/update-application';
import { problemOf } from '../lib/form-target';
import { ApplicationForm } from './application-form';

/** Editing an application: PUT multipart with an optional new image, the product's messages on failure. */
export function EditApplicationForm({ application, onUpdated }: { application: Application; onUpdated: (a: Application) => void }) {
  const update = useUpdateApplication();
  return (
    <ApplicationForm
      mode="edit"
      application={application}
      submitting={update.isPending}
      failure={update.isError ? problemOf(update.error, editErrorMessage(update.error)) : undefined}
      onReset={() => update.reset()}
      onSubmit={(input, image) => update.mutate({ id: application._id, input, image }, { onSuccess: onUpdated })}
    />
  );
}
