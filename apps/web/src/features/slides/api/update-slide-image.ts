import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { TIMEOUTS } from '@visa/shared/constants';
import type { Slide } from '@visa/shared/slides';
import { api, type UploadProgress } from '../../../lib/api-client';
import { applyUpdatedSlide } from './update-slide';

/** updateSliderImage/{_id}: the same picture work as an add, so the same 5000 ms limit. */
interface NewPicture {
  _id: string;
  image: File;
  /** The upload's progress as the body goes out (ADR 0026). */
  onUploadProgress?: (event: UploadProgress) => void;
}

async function updateSlideImage({ _id, image, onUploadProgress }: NewPicture): Promise<Slide> {
  const form = new FormData();
  form.append('image', image, image.name);
  return (
    await api.put<Slide>(apiUrl('updateSlideImage', { id: _id }), form, {
      timeout: TIMEOUTS.addSlide,
      onUploadProgress,
    })
  ).data;
}

/** A replaced picture is an update: the item with the same _id is replaced. */
export function useUpdateSlideImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSlideImage, onSuccess: (updated) => applyUpdatedSlide(queryClient, updated) });
}
