import type { Application, ApplicationUpdate } from '@visa/shared/applications';
import type { NotifyChannel } from '@visa/shared/notice-channels';
import { isDroppedConnection } from '../../../lib/api-client';
import { useUploadProgress } from '../../../lib/use-upload-progress';
import { editErrorMessage, useUpdateApplication } from '../api/update-application';
import { problemOf } from '../lib/form-target';
import { ApplicationForm } from './application-form';

/**
 * Editing an application: PUT multipart with an optional new image, the product's messages on
 * failure, a progress bar and Retry after a dropped connection (ADR 0026).
 */
export function EditApplicationForm({ application, onUpdated }: { application: Application; onUpdated: (a: Application) => void }) {
  const update = useUpdateApplication();
  const progress = useUploadProgress();
  const send = (input: ApplicationUpdate, image: File | null, notify: NotifyChannel[] | undefined) => {
    progress.start();
    update.mutate(
      { id: application._id, input, image, notify, onUploadProgress: progress.onUploadProgress },
      { onSuccess: onUpdated, onSettled: progress.stop },
    );
  };
  return (
    <ApplicationForm
      mode="edit"
      application={application}
      submitting={update.isPending}
      progress={update.isPending ? progress.fraction : null}
      failure={update.isError ? problemOf(update.error, editErrorMessage(update.error)) : undefined}
      retryable={update.isError && isDroppedConnection(update.error)}
      onReset={() => update.reset()}
      onSubmit={send}
    />
  );
}
