import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { User } from '@visa/shared/users';
import { api } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-storage';
import { readEarly } from '../../../lib/early-requests';

const getMe = async (): Promise<User> => (await api.get<User>(apiUrl('getMe'))).data;

export const meQueryOptions = () => queryOptions({ queryKey: ['users', 'me'], queryFn: getMe, staleTime: 60_000 });

/** Only asks when a token is stored: a signed-out visitor makes no call. */
export const useMe = (enabled = true) => useQuery({ ...meQueryOptions(), enabled });

let readBeforeRender: User | undefined;

/**
 * The account as the staff shell asked for it early (ADR 0057), read before the app's first render
 * (entry.client.tsx): what depends on who is signed in (the header's name, a super-admin's tiles) is
 * then drawn in that render, instead of pushing the page down when the answer comes. A refusal or
 * no answer is left to the app's own call, which renews the token as usual.
 */
export async function readMeBeforeRender(): Promise<void> {
  const token = getToken();
  if (!token) return;
  readBeforeRender = (await readEarly(apiUrl('getMe'), { Authorization: `Bearer ${token}` })) as User | undefined;
}

/** Puts the account read before the first render into the app's new query cache (routes/with-data.tsx). */
export function seedMe(queryClient: QueryClient): QueryClient {
  if (readBeforeRender) queryClient.setQueryData(meQueryOptions().queryKey, readBeforeRender);
  readBeforeRender = undefined;
  return queryClient;
}
