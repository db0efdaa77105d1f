import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { User } from '@visa/shared/users';
import { api } from '../../../lib/api-client';

const getMe = async (): Promise<User> => (await api.get<User>(apiUrl('getMe'))).data;

export const meQueryOptions = () => queryOptions({ queryKey: ['users', 'me'], queryFn: getMe, staleTime: 60_000 });

/** Only asks when a token is stored: a signed-out visitor makes no call. */
export const useMe = (enabled = true) => useQuery({ ...meQueryOptions(), enabled });
