import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Slide } from '@visa/shared/slides';
import { api } from '../../../lib/api-client';
import { SLIDER_BASE, slideKeys } from './get-slides';

/**
 * What a visitor sees. Sent without the staff token on purpose: a staff member browsing the home
 * page sees exactly what visitors see, and a stale token can never turn the home page into a
 * refresh-and-redirect to /login.
 */
export const fetchPublishedSlides = async (): Promise<Slide[]> => {
  const res = await api.get<Slide[]>(`${SLIDER_BASE}/fetchSlider`, { headers: { Authorization: false } });
  return res.data.filter((slide) => slide.published);
};

export const publishedSlidesQueryOptions = () =>
  queryOptions({ queryKey: slideKeys.published(), queryFn: fetchPublishedSlides, staleTime: 60_000 });

export const usePublishedSlides = () => useQuery(publishedSlidesQueryOptions());
