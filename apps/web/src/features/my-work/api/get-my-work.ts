import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { WorkList } from '@visa/shared/case-work-lists';
import { api } from '../../../lib/api-client';

export type Who = 'me' | 'everyone';

/** Under the case's own root, so a change to a letter can refresh every work list at once. */
const myWorkKey = (who: Who) => ['case-work', 'my-work', who] as const;

/**
 * The open letters overdue, due today and this week (ADR 0077): the signed-in member's, or for a
 * super-admin everyone's. The answer's type only, not its schema: the dashboard's tile reads it
 * too, and the case's schemas stay out of the dashboard's scripts.
 */
export function useMyWork(who: Who, enabled = true) {
  return useQuery({
    queryKey: myWorkKey(who),
    enabled,
    queryFn: async ({ signal }) => (await api.get<WorkList>(apiUrl('getMyWork'), { params: { who }, signal })).data,
  });
}
