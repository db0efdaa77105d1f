import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { api } from '../../../lib/api-client';
import { applicantFileKeys } from './keys';

/** The applications module's GET by id (it owns the application; this feature only shows it). */
export const getApplication = async (id: string, signal?: AbortSignal): Promise<Application> =>
  ApplicationSchema.parse((await api.get(`/api/application/fetchApplication/${encodeURIComponent(id)}`, { signal })).data);

export const applicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: applicantFileKeys.application(id),
    queryFn: ({ signal }) => getApplication(id, signal),
    // A 404 or 400 will not change by asking again; the view handles them.
    retry: false,
  });

/**
 * The application, shown at once from navigation state when there is one (spec /userView) and
 * refreshed from the server straight away, since the state may be stale.
 */
export function useApplication(id: string, fromState?: Application | null) {
  return useQuery({
    ...applicationQueryOptions(id),
    ...(fromState && fromState._id === id ? { initialData: fromState, initialDataUpdatedAt: 0 } : {}),
  });
}
