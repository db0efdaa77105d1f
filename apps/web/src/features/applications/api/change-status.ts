import { apiUrl } from '@visa/shared/api-paths';
import type { StatusAction } from '@visa/shared/applicant-file';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { api } from '../../../lib/api-client';
import { useApplicationMutation } from './application-mutation';

interface ChangeStatusInput {
  id: string;
  action: StatusAction;
  /** YYYY-MM-DD; empty means today on the server. Ignored by Reject. */
  date?: string;
}

/**
 * PUT updateApplicationPending|Approve|Reject/{id} (docs/product.md#api-applicant-file); 200
 * answers the updated application.
 */
async function changeStatus({ id, action, date }: ChangeStatusInput): Promise<Application> {
  const body = date && action !== 'reject' ? { date } : {};
  // Each route by its own name (STATUS_ACTIONS names them too): the build puts the address in its place.
  const url = {
    pending: apiUrl('setStatusPending', { id }),
    approve: apiUrl('setStatusApprove', { id }),
    reject: apiUrl('setStatusReject', { id }),
  } satisfies Record<StatusAction, string>;
  const res = await api.put(url[action], body);
  return ApplicationSchema.parse(res.data);
}

/** On 200 the file refreshes in place: the answer replaces the cached application, history is refetched. */
export function useChangeStatus() {
  return useApplicationMutation(changeStatus);
}
