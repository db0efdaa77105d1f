import type { ReactNode } from 'react';
import type { Application, ApplicationInput } from '@visa/shared/applications';
import type { NotifyChannel } from '@visa/shared/notice-channels';
import { CONSENT_FIELD } from '@visa/shared/privacy-texts';
import { isDroppedConnection, isHttpError } from '../../../lib/api-client';
import { useUploadProgress } from '../../../lib/use-upload-progress';
import { addErrorMessage, useCreateApplication } from '../api/create-application';
import { problemOf } from '../lib/form-target';
import { ApplicationForm } from './application-form';

/** The applicant's agreement to the privacy notice, as the page gives it to the form (ADR 0053). */
export interface IntakeGate {
  /** The notice version agreed to, sent with the application; null when the box is not ticked. */
  agreedVersion: number | null;
  /** Asked before sending: false stops the submission, and the box says why. */
  allowSubmit(): boolean;
  /** The box, with the server's refusal about it if there was one. */
  render(refusal: string | undefined): ReactNode;
}

/** The server's refusal about the consent box, if that is what it refused. */
function consentRefusal(error: unknown): string | undefined {
  if (!isHttpError<{ errors?: { path?: unknown; message?: unknown }[] }>(error)) return undefined;
  const first = error.response?.data?.errors?.[0];
  return first?.path === CONSENT_FIELD && typeof first.message === 'string' ? first.message : undefined;
}

/**
 * Adding an application: POST multipart with a 20 s timeout, the product's messages on failure, a
 * progress bar while the photo goes up and, when the connection drops, Retry with the same entries
 * and prepared photo (ADR 0026).
 */
export function AddApplicationForm({ onCreated, intake }: { onCreated: (application: Application) => void; intake?: IntakeGate }) {
  const create = useCreateApplication();
  const progress = useUploadProgress();
  const send = (input: ApplicationInput, image: File, notify: NotifyChannel[] | undefined) => {
    progress.start();
    create.mutate(
      { input, image, notify, onUploadProgress: progress.onUploadProgress, consentVersion: intake?.agreedVersion ?? null },
      { onSuccess: onCreated, onSettled: progress.stop },
    );
  };
  const refusedConsent = create.isError ? consentRefusal(create.error) : undefined;
  return (
    <ApplicationForm
      mode="add"
      submitting={create.isPending}
      progress={create.isPending ? progress.fraction : null}
      failure={create.isError && !refusedConsent ? problemOf(create.error, addErrorMessage(create.error)) : undefined}
      retryable={create.isError && isDroppedConnection(create.error)}
      onReset={() => create.reset()}
      onSubmit={(input, image, notify) => {
        if (intake && !intake.allowSubmit()) return;
        if (image) send(input, image, notify);
      }}
      extra={intake?.render(refusedConsent)}
    />
  );
}
