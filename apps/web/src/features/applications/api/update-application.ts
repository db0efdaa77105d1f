import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import type { Application, ApplicationUpdate } from '@visa/shared/applications';
import { TIMEOUTS } from '@visa/shared/constants';
import { EDIT_APPLICATION } from '@visa/shared/messages';
import { api, serverMessage } from '../../../lib/api-client';
import { toFormData } from '../lib/form-data';
import { applicationChanged } from './keys';

export class UpdateRefusedError extends Error {}

export async function updateApplication({ id, input, image }: { id: string; input: ApplicationUpdate; image: File | null }) {
  const res = await api.put<Application>(`/api/application/updateApplication/${encodeURIComponent(id)}`, toFormData(input, image), {
    // Spec §7 gives no timeout for the edit; the add form's 20 s suits an upload of the same kind.
    timeout: TIMEOUTS.addApplication,
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

/** Spec §8 Edit application; a refusal worded as a spec §5 rule (name length, image type or size, duplicate) shows that rule. */
export function editErrorMessage(error: unknown): string {
  if (error instanceof UpdateRefusedError) return error.message;
  if (isAxiosError(error) && error.response) {
    const status = error.response.status;
    const explained = status >= 400 && status < 500 && status !== 401 ? serverMessage(error) : undefined;
    return explained ?? EDIT_APPLICATION.failed;
  }
  return EDIT_APPLICATION.error;
}
