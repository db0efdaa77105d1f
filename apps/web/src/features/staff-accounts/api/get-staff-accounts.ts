import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { User } from '@visa/shared/users';
import { api } from '../../../lib/api-client';

const getStaffAccounts = async (): Promise<User[]> => (await api.get<User[]>(apiUrl('listStaffAccounts'))).data;

export const staffAccountsQueryOptions = () => queryOptions({ queryKey: ['users', 'list'], queryFn: getStaffAccounts });

export const useStaffAccounts = () => useQuery(staffAccountsQueryOptions());
