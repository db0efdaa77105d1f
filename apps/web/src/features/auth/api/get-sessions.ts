import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { StaffSession } from '@visa/shared/users';
import { api } from '../../../lib/api-client';

const getSessions = async (): Promise<StaffSession[]> => (await api.get<StaffSession[]>(apiUrl('listSessions'))).data;

export const sessionsQueryOptions = () => queryOptions({ queryKey: ['users', 'me', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
