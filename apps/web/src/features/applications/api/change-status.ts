import { STATUS_ACTIONS, type StatusAction } from '@visa/shared/applicant-file';
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
  const res = await api.put(`/api/application/${STATUS_ACTIONS[action].path}/${encodeURIComponent(id)}`, body);
  return ApplicationSchema.parse(res.data);
}

/** On 200 the file refreshes in place: the answer replaces the cached application, history is refetched. */
export function useChangeStatus() {
  return useApplicationMutation(changeStatus);
}
