import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { TIMEOUTS } from '@visa/shared/constants';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

const getApplication = async (id: string, signal?: AbortSignal): Promise<Application> =>
  ApplicationSchema.parse((await api.get(apiUrl('getApplication', { id }), { signal, timeout: TIMEOUTS.applicationList })).data);

const applicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => getApplication(id, signal),
    // A 404 or 400 will not change by asking again; the pages handle them.
    retry: false,
  });

/**
 * One application, for the edit page and the applicant file. Shown at once from what the previous
 * page passed along (navigation state) when there is one, and refreshed from the server straight
 * away, since that copy may be stale. Without an id nothing is asked.
 */
export const useApplication = (id: string | null, initial?: Application | null) =>
  useQuery({
    ...applicationQueryOptions(id ?? ''),
    enabled: Boolean(id),
    ...(initial && initial._id === id ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
