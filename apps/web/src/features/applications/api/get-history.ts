import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { type ApplicationHistory, ApplicationHistorySchema } from '@visa/shared/applicant-file';
import { BACKGROUND, api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

/** While an email is on its way its status is polled this often, so staff see it go out. */
const EMAIL_POLL_MS = 3_000;

const getHistory = async (id: string, signal?: AbortSignal): Promise<ApplicationHistory> =>
  // Polled while an email is on its way: not the person's activity (ADR 0018), the page that shows it is.
  ApplicationHistorySchema.parse((await api.get(apiUrl('getHistory', { id }), { ...BACKGROUND, signal })).data);

const historyQueryOptions = (id: string) =>
  queryOptions({ queryKey: applicationKeys.history(id), queryFn: ({ signal }) => getHistory(id, signal) });

const inFlight = (data: ApplicationHistory | undefined) =>
  Boolean(data?.emails.some((e) => e.status === 'queued' || e.status === 'sending'));

export function useHistory(id: string) {
  return useQuery({
    ...historyQueryOptions(id),
    refetchInterval: (query) => (inFlight(query.state.data) ? EMAIL_POLL_MS : false),
  });
}
