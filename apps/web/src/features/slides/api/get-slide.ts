import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { Slide } from '@visa/shared/slides';
import { api } from '../../../lib/api-client';
import { slideKeys } from './slide-keys';

const fetchSlide = async (id: string): Promise<Slide> => (await api.get<Slide>(apiUrl('getSlide', { id }))).data;

const slideQueryOptions = (id: string) => queryOptions({ queryKey: slideKeys.one(id), queryFn: () => fetchSlide(id), retry: false });

/** One slide, for the edit page opened without navigation state (after a reload). */
export const useSlide = (id: string | null) => useQuery({ ...slideQueryOptions(id ?? ''), enabled: id !== null });
