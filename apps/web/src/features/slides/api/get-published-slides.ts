import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { Slide } from '@visa/shared/slides';
import { slideKeys } from './slide-keys';

/**
 * What a visitor sees. A plain `fetch`, not the staff client: it sends no token, so a staff member
 * browsing the home page sees exactly what visitors see and a stale token can never turn the home
 * page into a refresh-and-redirect to /login; and the public page does not download the staff
 * HTTP client for one GET.
 */
async function fetchPublishedSlides(): Promise<Slide[]> {
  const res = await fetch(apiUrl('listSlides'), { credentials: 'omit', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`fetchSlider answered ${res.status}`);
  const slides = (await res.json()) as Slide[];
  return Array.isArray(slides) ? slides.filter((slide) => slide.published) : [];
}

const publishedSlidesQueryOptions = () =>
  queryOptions({ queryKey: slideKeys.published(), queryFn: fetchPublishedSlides, staleTime: 60_000 });

export const usePublishedSlides = () => useQuery(publishedSlidesQueryOptions());
