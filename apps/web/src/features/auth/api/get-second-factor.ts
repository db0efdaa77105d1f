import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { SecondFactorStatus } from '@visa/shared/second-factor';
import { api } from '../../../lib/api-client';

const getSecondFactor = async (): Promise<SecondFactorStatus> => (await api.get<SecondFactorStatus>(apiUrl('getSecondFactor'))).data;

export const secondFactorQueryOptions = () => queryOptions({ queryKey: ['users', 'me', 'second-factor'], queryFn: getSecondFactor });

export const useSecondFactor = () => useQuery(secondFactorQueryOptions());
