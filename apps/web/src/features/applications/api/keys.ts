import type { QueryClient } from '@tanstack/react-query';
import type { Application, DocumentsFilter } from '@visa/shared/applications';
import { type ApplicationStatus, PAGE_SIZE } from '@visa/shared/constants';
import { refetchAfterWrite } from '../../../lib/query-client';

export interface ApplicationsQuery {
  page: number;
  limit?: number;
  search?: string;
  /** One status only; all of them when absent. */
  status?: ApplicationStatus;
  /** Only applications with files waiting for review (ADR 0069). */
  documents?: DocumentsFilter;
  /** Only applications at this stage (ADR 0079). */
  stage?: string;
  /** Only applications with an open IRCC letter due within this many days, overdue included (ADR 0079). */
  dueWithin?: number;
  /** `due`: only applications that owe money (ADR 0084). */
  balance?: 'due';
}

/**
 * Every cache key of the applications feature, from one root: a change to an application can
 * refresh lists, figures and the file in one call. An application's history sits under its
 * detail, so forgetting the application forgets its history too.
 */
export const applicationKeys = {
  all: ['applications'] as const,
  lists: () => [...applicationKeys.all, 'list'] as const,
  list: (q: ApplicationsQuery) =>
    [
      ...applicationKeys.lists(),
      {
        page: q.page,
        limit: q.limit ?? PAGE_SIZE,
        search: q.search ?? '',
        status: q.status ?? null,
        documents: q.documents ?? null,
        stage: q.stage ?? null,
        dueWithin: q.dueWithin ?? null,
        balance: q.balance ?? null,
      },
    ] as const,
  detail: (id: string) => [...applicationKeys.all, 'detail', id] as const,
  history: (id: string) => [...applicationKeys.detail(id), 'history'] as const,
  /** The case (ADR 0077): the copy reads its stage, the Case panel (features/case-work) all of it, under this same key. */
  case: (id: string) => [...applicationKeys.detail(id), 'case'] as const,
  stats: () => [...applicationKeys.all, 'stats'] as const,
  /** Where a printed copy can be checked: the same for every application. */
  verification: () => [...applicationKeys.all, 'verification'] as const,
};

/**
 * After a change the server answered with the application: the file shows it at once, and its
 * history, the lists and the figures are fetched again, since the change shows in all of them.
 * Settles once those on screen have arrived.
 */
export async function applicationChanged(queryClient: QueryClient, application: Application): Promise<void> {
  queryClient.setQueryData(applicationKeys.detail(application._id), application);
  await Promise.all([
    refetchAfterWrite(queryClient, { queryKey: applicationKeys.history(application._id) }),
    // Approve and Reject move the case to its decision stage (ADR 0077).
    refetchAfterWrite(queryClient, { queryKey: applicationKeys.case(application._id) }),
    refetchAfterWrite(queryClient, { queryKey: applicationKeys.lists() }),
    refetchAfterWrite(queryClient, { queryKey: applicationKeys.stats() }),
  ]);
}
