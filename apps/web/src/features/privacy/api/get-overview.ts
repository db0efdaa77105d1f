import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { PrivacyOverview } from '@visa/shared/privacy';
import { api } from '../../../lib/api-client';

export const PRIVACY_OVERVIEW_KEY = ['privacy', 'overview'] as const;

/**
 * The notice in force, its default text and whether consent is required: Settings and the add form
 * read it. Apart from the other privacy calls, and unparsed, so the add form carries no schema for
 * it (the server's response schema fixes its shape).
 */
export const usePrivacyOverview = () =>
  useQuery({
    queryKey: PRIVACY_OVERVIEW_KEY,
    queryFn: async ({ signal }): Promise<PrivacyOverview> =>
      (await api.get<PrivacyOverview>(apiUrl('getPrivacyOverview'), { signal })).data,
  });
