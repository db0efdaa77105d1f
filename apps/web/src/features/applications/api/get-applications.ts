import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { ApplicationPage } from '@visa/shared/applications';
import { PAGE_SIZE, TIMEOUTS } from '@visa/shared/constants';
import { APPLICATION_LIST } from '@visa/shared/ui-texts';
import { api, isHttpError } from '../../../lib/api-client';
import { type ApplicationsQuery, applicationKeys } from './keys';

async function getApplications(
  { page, limit = PAGE_SIZE, search = '', status, documents, stage, dueWithin, balance }: ApplicationsQuery,
  signal?: AbortSignal,
) {
  const params = {
    page,
    limit,
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(documents ? { documents } : {}),
    ...(stage ? { stage } : {}),
    ...(dueWithin === undefined ? {} : { dueWithin }),
    ...(balance ? { balance } : {}),
  };
  return (await api.get<ApplicationPage>(apiUrl('listApplications'), { params, signal, timeout: TIMEOUTS.applicationList })).data;
}

const applicationsQueryOptions = (q: ApplicationsQuery) =>
  queryOptions({
    queryKey: applicationKeys.list(q),
    queryFn: ({ signal }) => getApplications(q, signal),
    // The table keeps showing the previous page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useApplications = (q: ApplicationsQuery, enabled = true) => useQuery({ ...applicationsQueryOptions(q), enabled });

/** The list's load failure (docs/product.md#messages): an answer that is an error, no answer, or anything else. */
export function listErrorMessage(error: unknown): string {
  if (isHttpError(error)) {
    if (error.response) return APPLICATION_LIST.fetchFailed;
    return APPLICATION_LIST.noResponse;
  }
  return APPLICATION_LIST.unexpected;
}
