import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { TIMEOUTS } from '@visa/shared/constants';
import { isValidId } from '@visa/shared/ids';
import { APPLICATION_LIST } from '@visa/shared/ui-texts';
import { api, isHttpError } from '../../../lib/api-client';
import { applicationKeys } from './keys';
import { refetchAfterWrite } from '../../../lib/query-client';

class InvalidIdError extends Error {
  constructor() {
    super(APPLICATION_LIST.invalidId);
  }
}

/** The call is made only for a well-formed id, with a 10 s timeout. */
async function deleteApplication(id: string): Promise<void> {
  if (!isValidId(id)) throw new InvalidIdError();
  const res = await api.delete(apiUrl('deleteApplication', { id }), { timeout: TIMEOUTS.deleteApplication });
  if (res.status !== 200) throw new Error(APPLICATION_LIST.deleteFailed);
}

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: applicationKeys.detail(id) });
      // On 200 the list is fetched again (ADR 0007 on which page).
      return refetchAfterWrite(queryClient, { queryKey: applicationKeys.all });
    },
  });
}

/** A refused delete, or no answer / a failure before sending (docs/product.md#messages). */
export function deleteErrorMessage(error: unknown): string {
  if (error instanceof InvalidIdError) return error.message;
  if (isHttpError(error) && error.response) return APPLICATION_LIST.deleteFailed;
  if (error instanceof Error && error.message === APPLICATION_LIST.deleteFailed) return APPLICATION_LIST.deleteFailed;
  return APPLICATION_LIST.deleteError;
}
