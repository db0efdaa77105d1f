import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { CaseSettings, StageSetting } from '@visa/shared/case-settings';
import { api } from '../../../lib/api-client';

/**
 * The office's stages in its order and words (ADR 0077), for the list's stage column and filter.
 * Every member of staff may read the case settings; the answer's type only, so the list does not
 * carry the settings' schemas.
 */
export function useCaseStages() {
  return useQuery({
    queryKey: ['case-work', 'settings'],
    queryFn: async ({ signal }) => (await api.get<CaseSettings>(apiUrl('getCaseSettings'), { signal })).data,
    select: (settings): StageSetting[] => settings.stages,
    staleTime: 60_000,
  });
}

/** A stage's English words by the office's settings; a key they no longer hold reads as itself. */
export const stageWords = (stages: readonly StageSetting[] | undefined, key: string | undefined): string =>
  key === undefined ? '' : (stages?.find((s) => s.key === key)?.en ?? key);
