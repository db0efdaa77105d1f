import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '@visa/shared/applications';
import { TIMEOUTS } from '@visa/shared/constants';
import { api } from '../../../lib/api-client';
import { applicationsKeys } from './get-applications';

export const getApplication = async (id: string, signal?: AbortSignal): Promise<Application> =>
  (await api.get<Application>(`/api/application/fetchApplication/${encodeURIComponent(id)}`, { signal, timeout: TIMEOUTS.applicationList }))
    .data;

export const applicationQueryOptions = (id: string) =>
  queryOptions({ queryKey: applicationsKeys.detail(id), queryFn: ({ signal }) => getApplication(id, signal), retry: false });

/** Loads one application, starting from what the previous page passed along (navigation state), if anything. */
export const useApplication = (id: string | null, initial?: Application) =>
  useQuery({
    ...applicationQueryOptions(id ?? ''),
    enabled: Boolean(id),
    ...(initial && initial._id === id ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
