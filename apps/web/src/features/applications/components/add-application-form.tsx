import type { Application } from '@visa/shared/applications';
import { addErrorMessage, useCreateApplication } from '../api/create-application';
import { problemOf } from '../lib/form-target';
import { ApplicationForm } from './application-form';

/** Adding an application: POST multipart with a 20 s timeout, the product's messages on failure. */
export function AddApplicationForm({ onCreated }: { onCreated: (application: Application) => void }) {
  const create = useCreateApplication();
  return (
    <ApplicationForm
      mode="add"
      submitting={create.isPending}
      failure={create.isError ? problemOf(create.error, addErrorMessage(create.error)) : undefined}
      onReset={() => create.reset()}
      onSubmit={(input, image) => {
        if (image) create.mutate({ input, image }, { onSuccess: onCreated });
      }}
    />
  );
}
