import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { Slide } from '@visa/shared/slides';
import { api } from '../../../lib/api-client';
import { slideKeys } from './slide-keys';
import { replaceSlide } from './slide-list-cache';
import { refetchAfterWrite } from '../../../lib/query-client';

export interface SlideChanges {
  _id: string;
  changes: Partial<Pick<Slide, 'thumbnail' | 'title' | 'status' | 'published' | 'shownOnNavbar' | 'link' | 'altText'>>;
}

/** updateSlider/{_id}: JSON of the fields minus _id; answers the updated item (docs/product.md#api-slides). */
export const updateSlide = async ({ _id, changes }: SlideChanges): Promise<Slide> =>
  (await api.put<Slide>(apiUrl('updateSlide', { id: _id }), changes)).data;

export function useUpdateSlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSlide,
    onSuccess: (updated) => applyUpdatedSlide(queryClient, updated),
  });
}

/** An updated item replaces the one with the same _id, wherever it is cached. */
export function applyUpdatedSlide(queryClient: QueryClient, updated: Slide) {
  queryClient.setQueryData<Slide[]>(slideKeys.list(), (list) => replaceSlide(list, updated));
  queryClient.setQueryData(slideKeys.one(updated._id), updated);
  void refetchAfterWrite(queryClient, { queryKey: slideKeys.published() });
}
