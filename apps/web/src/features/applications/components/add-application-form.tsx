import type { Application, ApplicationInput } from '@visa/shared/applications';
import type { NotifyChannel } from '@visa/shared/notify';
import { isDroppedConnection } from '../../../lib/api-client';
import { useUploadProgress } from '../../../lib/use-upload-progress';
import { addErrorMessage, useCreateApplication } from '../api/create-application';
import { problemOf } from '../lib/form-target';
import { ApplicationForm } from './application-form';

/**
 * Adding an application: POST multipart with a 20 s timeout, the product's messages on failure, a
 * progress bar while the photo goes up and, when the connection drops, Retry with the same entries
 * and prepared photo (ADR 0026).
 */
export function AddApplicationForm({ onCreated }: { onCreated: (application: Application) => void }) {
  const create = useCreateApplication();
  const progress = useUploadProgress();
  const send = (input: ApplicationInput, image: File, notify: NotifyChannel[] | undefined) => {
    progress.start();
    create.mutate(
      { input, image, notify, onUploadProgress: progress.onUploadProgress },
      { onSuccess: onCreated, onSettled: progress.stop },
    );
  };
  return (
    <ApplicationForm
      mode="add"
      submitting={create.isPending}
      progress={create.isPending ? progress.fraction : null}
      failure={create.isError ? problemOf(create.error, addErrorMessage(create.error)) : undefined}
      retryable={create.isError && isDroppedConnection(create.error)}
      onReset={() => create.reset()}
      onSubmit={(input, image, notify) => {
        if (image) send(input, image, notify);
      }}
    />
  );
}
