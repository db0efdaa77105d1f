import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffSession } from '@visa/shared/users';
import { api } from '../../../lib/api-client';

const getSessions = async (): Promise<StaffSession[]> => (await api.get<StaffSession[]>('/api/users/sessions')).data;

export const sessionsQueryOptions = () => queryOptions({ queryKey: ['users', 'me', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
