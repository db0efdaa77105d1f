import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { CalendarFeedStatus, NewCalendarFeed } from '@visa/shared/staff-deadlines';
import { api } from '../../../lib/api-client';

/** The signed-in member's calendar feed (ADR 0081): its status, a new address (answered once), revoking it. */
const getFeed = async () => (await api.get<CalendarFeedStatus>(apiUrl('getCalendarFeed'))).data;
const createFeed = async () => (await api.post<NewCalendarFeed>(apiUrl('createCalendarFeed'))).data;
const revokeFeed = async () => (await api.delete<CalendarFeedStatus>(apiUrl('revokeCalendarFeed'))).data;

const calendarFeedQueryOptions = () => queryOptions({ queryKey: ['users', 'me', 'calendar-feed'], queryFn: getFeed });

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

/** The new address is handed to the caller only: it never enters the query cache. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, { active: true, createdAt: feed.createdAt }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeFeed,
    onSuccess: (status) => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, status),
  });
}
