import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import type { ApplicationPage } from '@visa/shared/applications';
import { PAGE_SIZE, TIMEOUTS } from '@visa/shared/constants';
import { APPLICATION_LIST } from '@visa/shared/messages';
import { api } from '../../../lib/api-client';

export interface ApplicationsQuery {
  page: number;
  limit?: number;
  search?: string;
}

export async function getApplications({ page, limit = PAGE_SIZE, search = '' }: ApplicationsQuery, signal?: AbortSignal) {
  const params = { page, limit, ...(search ? { search } : {}) };
  return (await api.get<ApplicationPage>('/api/application/fetchApplication', { params, signal, timeout: TIMEOUTS.applicationList })).data;
}

export const applicationsKeys = {
  all: ['applications'] as const,
  lists: () => [...applicationsKeys.all, 'list'] as const,
  list: (q: ApplicationsQuery) =>
    [...applicationsKeys.lists(), { page: q.page, limit: q.limit ?? PAGE_SIZE, search: q.search ?? '' }] as const,
  detail: (id: string) => [...applicationsKeys.all, 'detail', id] as const,
  stats: () => [...applicationsKeys.all, 'stats'] as const,
};

export const applicationsQueryOptions = (q: ApplicationsQuery) =>
  queryOptions({
    queryKey: applicationsKeys.list(q),
    queryFn: ({ signal }) => getApplications(q, signal),
    // The table keeps showing the previous page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useApplications = (q: ApplicationsQuery, enabled = true) => useQuery({ ...applicationsQueryOptions(q), enabled });

/** Spec §8 Application list: an answer that is an error, no answer, or anything else. */
export function listErrorMessage(error: unknown): string {
  if (isAxiosError(error)) {
    if (error.response) return APPLICATION_LIST.fetchFailed;
    if (error.request) return APPLICATION_LIST.noResponse;
  }
  return APPLICATION_LIST.unexpected;
}
