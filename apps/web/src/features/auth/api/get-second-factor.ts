import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecondFactorStatus } from '@visa/shared/second-factor';
import { api } from '../../../lib/api-client';

const getSecondFactor = async (): Promise<SecondFactorStatus> => (await api.get<SecondFactorStatus>('/api/users/me/second-factor')).data;

export const secondFactorQueryOptions = () => queryOptions({ queryKey: ['users', 'me', 'second-factor'], queryFn: getSecondFactor });

export const useSecondFactor = () => useQuery(secondFactorQueryOptions());
