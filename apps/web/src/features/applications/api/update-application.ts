import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { Application, ApplicationUpdate } from '@visa/shared/applications';
import { TIMEOUTS } from '@visa/shared/constants';
import type { NotifyChannel } from '@visa/shared/notice-channels';
import { EDIT_APPLICATION } from '@visa/shared/ui-texts';
import { api, refusalMessage, type UploadProgress, isHttpError } from '../../../lib/api-client';
import { toFormData } from '../lib/form-data';
import { applicationChanged } from './keys';

class UpdateRefusedError extends Error {}

interface ApplicationChange {
  id: string;
  input: ApplicationUpdate;
  image: File | null;
  /** The channels the applicant agreed to (ADR 0044); left out, an edit keeps them as they were. */
  notify?: NotifyChannel[];
  /** The upload's progress as the body goes out (ADR 0026). */
  onUploadProgress?: (event: UploadProgress) => void;
}

async function updateApplication({ id, input, image, notify, onUploadProgress }: ApplicationChange) {
  const res = await api.put<Application>(apiUrl('updateApplication', { id }), toFormData(input, image, notify), {
    // The product gives no timeout for the edit; the add form's 20 s suits an upload of the same kind.
    timeout: TIMEOUTS.addApplication,
    onUploadProgress,
  });
  if (res.status !== 200) throw new UpdateRefusedError(EDIT_APPLICATION.failed);
  return res.data;
}

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    // The list the page returns to is fresh when it shows.
    onSuccess: (application) => applicationChanged(queryClient, application),
  });
}

/**
 * Editing an application (docs/product.md#messages); a refusal worded as a rule (name length, image
 * type or size, duplicate) shows that rule.
 */
export function editErrorMessage(error: unknown): string {
  if (error instanceof UpdateRefusedError) return error.message;
  if (isHttpError(error) && error.response) return refusalMessage(error) ?? EDIT_APPLICATION.failed;
  return EDIT_APPLICATION.error;
}
