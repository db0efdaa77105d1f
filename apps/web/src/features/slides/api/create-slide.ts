import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { TIMEOUTS } from '@visa/shared/constants';
import type { Slide, SlideInput } from '@visa/shared/slides';
import { api, type UploadProgress } from '../../../lib/api-client';
import { slideKeys } from './slide-keys';
import { appendSlide } from './slide-list-cache';
import { refetchAfterWrite } from '../../../lib/query-client';

export interface NewSlide {
  fields: SlideInput;
  image: File;
  /** The upload's progress as the body goes out (ADR 0026). */
  onUploadProgress?: (event: UploadProgress) => void;
}

/** addSlider: multipart, 5000 ms timeout (docs/product.md#api-slides). */
export async function createSlide({ fields, image, onUploadProgress }: NewSlide): Promise<Slide> {
  const form = new FormData();
  form.append('thumbnail', fields.thumbnail);
  form.append('title', fields.title);
  form.append('status', fields.status);
  form.append('link', fields.link);
  form.append('altText', fields.altText);
  form.append('image', image, image.name);
  return (await api.post<Slide>(apiUrl('createSlide'), form, { timeout: TIMEOUTS.addSlide, onUploadProgress })).data;
}

export function useCreateSlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSlide,
    onSuccess: (created) => {
      queryClient.setQueryData<Slide[]>(slideKeys.list(), (list) => appendSlide(list, created));
      void refetchAfterWrite(queryClient, { queryKey: slideKeys.published() });
    },
  });
}
