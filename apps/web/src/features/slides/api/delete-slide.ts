import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Slide } from '@visa/shared/slides';
import { api } from '../../../lib/api-client';
import { SLIDER_BASE, slideKeys } from './slide-keys';
import { removeSlide } from './slider-list-cache';

/** deleteSlider/{_id}: no payload (spec §7). */
export const deleteSlide = async (_id: string): Promise<void> => {
  await api.delete(`${SLIDER_BASE}/deleteSlider/${encodeURIComponent(_id)}`);
};

export function useDeleteSlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlide,
    onSuccess: (_data, sentId) => {
      queryClient.setQueryData<Slide[]>(slideKeys.list(), (list) => removeSlide(list, sentId));
      queryClient.removeQueries({ queryKey: slideKeys.one(sentId) });
      void queryClient.invalidateQueries({ queryKey: slideKeys.published() });
    },
  });
}
