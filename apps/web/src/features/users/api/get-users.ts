import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@visa/shared/users';
import { api } from '../../../lib/api-client';

const getUsers = async (): Promise<User[]> => (await api.get<User[]>('/api/users/get_users')).data;

export const usersQueryOptions = () => queryOptions({ queryKey: ['users', 'list'], queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions());
