import { QueryClient, type QueryFilters } from '@tanstack/react-query';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: 0 },
    },
  });

/**
 * After a write the server confirmed: what is cached for these queries is stale, and so is any
 * answer still on the way, since the server may have read it before the write. invalidateQueries
 * alone joins a first fetch in flight (one with no data yet) instead of starting another, so a list
 * asked for while a delete was being sent would keep the deleted row; it is cancelled first.
 * Settles once the refetched queries on screen have their answers.
 */
export async function refetchAfterWrite(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
