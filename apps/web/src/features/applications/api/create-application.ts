import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { Application, ApplicationInput } from '@visa/shared/applications';
import { TIMEOUTS } from '@visa/shared/constants';
import type { NotifyChannel } from '@visa/shared/notice-channels';
import { ADD_APPLICATION } from '@visa/shared/ui-texts';
import { CONSENT_FIELD } from '@visa/shared/privacy-texts';
import { api, refusalMessage, type UploadProgress, isHttpError } from '../../../lib/api-client';
import { toFormData } from '../lib/form-data';
import { applicationKeys } from './keys';
import { refetchAfterWrite } from '../../../lib/query-client';

/** A 2xx other than the 201 the API answers. */
class UnexpectedStatusError extends Error {
  constructor(readonly status: number) {
    super(ADD_APPLICATION.failedWithStatus(status));
  }
}

interface NewApplication {
  input: ApplicationInput;
  image: File;
  /** The channels the applicant agreed to (ADR 0044); left out, an edit keeps them as they were. */
  notify?: NotifyChannel[];
  /** The upload's progress as the body goes out (ADR 0026). */
  onUploadProgress?: (event: UploadProgress) => void;
  /** The privacy notice version the applicant agreed to (ADR 0053); left out when they were not asked. */
  consentVersion?: number | null;
}

async function createApplication({ input, image, notify, onUploadProgress, consentVersion }: NewApplication): Promise<Application> {
  const body = toFormData(input, image, notify);
  if (consentVersion) body.append(CONSENT_FIELD, String(consentVersion));
  const res = await api.post<Application>(apiUrl('createApplication'), body, {
    timeout: TIMEOUTS.addApplication,
    onUploadProgress,
  });
  if (res.status !== 201) throw new UnexpectedStatusError(res.status);
  return res.data;
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: applicationKeys.all }),
  });
}

/**
 * Adding an application (docs/product.md#messages). A refusal the server explains in the words of a
 * rule (duplicate email or passport, image too large or of the wrong type, a field) shows those
 * words; any other answer shows the status line; no answer or a failure before sending shows the
 * general error.
 */
export function addErrorMessage(error: unknown): string {
  if (error instanceof UnexpectedStatusError) return error.message;
  if (isHttpError(error)) {
    const status = error.response?.status;
    if (status !== undefined) return refusalMessage(error) ?? ADD_APPLICATION.failedWithStatus(status);
  }
  return ADD_APPLICATION.error;
}
