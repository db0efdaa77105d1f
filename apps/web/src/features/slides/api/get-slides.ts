import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { Slide } from '@visa/shared/slides';
import { api } from '../../../lib/api-client';
import { slideKeys } from './slide-keys';
import { slideErrorMessage } from './slide-errors';

const fetchSlides = async (): Promise<Slide[]> => (await api.get<Slide[]>(apiUrl('listSlides'))).data;

const isClientError = (error: unknown) => {
  const status = (error as { response?: { status?: number } })?.response?.status;
  return status !== undefined && status >= 400 && status < 500;
};

const slidesQueryOptions = () =>
  queryOptions({
    queryKey: slideKeys.list(),
    queryFn: fetchSlides,
    // A 404 or a refusal will not change by asking again; a dropped connection might.
    retry: (failures, error) => failures < 1 && !isClientError(error),
  });

/** The loading states the slide list shows. */
type SlideListStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface SlideListState {
  status: SlideListStatus;
  slides: Slide[];
  /** Set when the last fetch failed: the message for it (docs/product.md#messages). */
  error: string | null;
  reload: () => void;
}

/**
 * The slide list's loading states: idle before the first fetch, loading while a fetch is
 * pending, succeeded with the list replaced by the response, failed with the error message kept.
 * Adds, updates and deletes change the cached list only when they succeed (see the mutations).
 */
export function useSlideList(options: { enabled?: boolean } = {}): SlideListState {
  const query = useQuery({ ...slidesQueryOptions(), enabled: options.enabled ?? true });
  const status: SlideListStatus =
    query.fetchStatus === 'fetching' ? 'loading' : query.status === 'error' ? 'failed' : query.status === 'success' ? 'succeeded' : 'idle';
  return {
    status,
    slides: query.data ?? [],
    error: query.status === 'error' ? slideErrorMessage(query.error) : null,
    reload: () => void query.refetch(),
  };
}
