import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { Slide } from '@visa/shared/slides';
import { api } from '../../../lib/api-client';
import { slideKeys } from './slide-keys';
import { refetchAfterWrite } from '../../../lib/query-client';

/** reorderSlider: every slide's id, first shown first; answers the whole list in its new order. */
const reorderSlides = async (ids: string[]): Promise<Slide[]> => (await api.put<Slide[]>(apiUrl('reorderSlides'), { ids })).data;

export function useReorderSlides() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderSlides,
    // Like a fetch: the list is replaced by the response, and only once it has arrived.
    onSuccess: (list) => {
      queryClient.setQueryData(slideKeys.list(), list);
      void refetchAfterWrite(queryClient, { queryKey: slideKeys.published() });
    },
  });
}
