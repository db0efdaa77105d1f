import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Slide } from '@visa/shared/slides';
import { api } from '../../../lib/api-client';
import { SLIDER_BASE, slideKeys } from './slide-keys';
import { sliderErrorMessage } from './slider-errors';

export const fetchSlides = async (): Promise<Slide[]> => (await api.get<Slide[]>(`${SLIDER_BASE}/fetchSlider`)).data;

const isClientError = (error: unknown) => {
  const status = (error as { response?: { status?: number } })?.response?.status;
  return status !== undefined && status >= 400 && status < 500;
};

export const slidesQueryOptions = () =>
  queryOptions({
    queryKey: slideKeys.list(),
    queryFn: fetchSlides,
    // A 404 or a refusal will not change by asking again; a dropped connection might.
    retry: (failures, error) => failures < 1 && !isClientError(error),
  });

/** The loading states of spec §4. */
export type SliderListStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface SliderListState {
  status: SliderListStatus;
  slides: Slide[];
  /** Set when the last fetch failed: the message spec §8 gives for it. */
  error: string | null;
  reload: () => void;
}

/**
 * The slider list as spec §4 describes it: idle before the first fetch, loading while a fetch is
 * pending, succeeded with the list replaced by the response, failed with the error message kept.
 * Adds, updates and deletes change the cached list only when they succeed (see the mutations).
 */
export function useSliderList(options: { enabled?: boolean } = {}): SliderListState {
  const query = useQuery({ ...slidesQueryOptions(), enabled: options.enabled ?? true });
  const status: SliderListStatus =
    query.fetchStatus === 'fetching' ? 'loading' : query.status === 'error' ? 'failed' : query.status === 'success' ? 'succeeded' : 'idle';
  return {
    status,
    slides: query.data ?? [],
    error: query.status === 'error' ? sliderErrorMessage(query.error) : null,
    reload: () => void query.refetch(),
  };
}
