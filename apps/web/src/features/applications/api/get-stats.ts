import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { ApplicationStats } from '@visa/shared/applications';
import { TIMEOUTS } from '@visa/shared/constants';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

const getStats = async (signal?: AbortSignal): Promise<ApplicationStats> =>
  (await api.get<ApplicationStats>(apiUrl('getStats'), { signal, timeout: TIMEOUTS.applicationList })).data;

const statsQueryOptions = () => queryOptions({ queryKey: applicationKeys.stats(), queryFn: ({ signal }) => getStats(signal) });

export const useStats = () => useQuery(statsQueryOptions());
