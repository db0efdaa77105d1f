import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { SystemStatus } from '@visa/shared/system';
import { api, BACKGROUND } from '../../../lib/api-client';

/** The server's health for its owner (super-admins). A background call: reading it is not activity. */
const getSystem = async (): Promise<SystemStatus> => (await api.get<SystemStatus>(apiUrl('getSystemStatus'), BACKGROUND)).data;

const systemQueryOptions = () => queryOptions({ queryKey: ['settings', 'system'], queryFn: getSystem, staleTime: 60_000 });

export const useSystemStatus = (enabled = true) => useQuery({ ...systemQueryOptions(), enabled });
