import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { Slide } from '@visa/shared/slides';
import { api } from '../../../lib/api-client';
import { slideKeys } from './slide-keys';
import { removeSlide } from './slide-list-cache';
import { refetchAfterWrite } from '../../../lib/query-client';

/** deleteSlider/{_id}: no payload (docs/product.md#api-slides). */
export const deleteSlide = async (_id: string): Promise<void> => {
  await api.delete(apiUrl('deleteSlide', { id: _id }));
};

export function useDeleteSlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlide,
    onSuccess: (_data, sentId) => {
      queryClient.setQueryData<Slide[]>(slideKeys.list(), (list) => removeSlide(list, sentId));
      queryClient.removeQueries({ queryKey: slideKeys.one(sentId) });
      void refetchAfterWrite(queryClient, { queryKey: slideKeys.published() });
    },
  });
}
