import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@visa/shared/users';
import { api } from '../../../lib/api-client';

const getStaffAccounts = async (): Promise<User[]> => (await api.get<User[]>('/api/users/get_users')).data;

export const staffAccountsQueryOptions = () => queryOptions({ queryKey: ['users', 'list'], queryFn: getStaffAccounts });

export const useStaffAccounts = () => useQuery(staffAccountsQueryOptions());
