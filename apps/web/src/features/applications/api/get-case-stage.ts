import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { stageLabel } from '@visa/shared/case-words';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

/**
 * What the copy reads of the case: its stage and the office's names for the stages. Loose, so the
 * answer is cached whole: the Case panel reads the same entry.
 */
const CaseStageSchema = z.looseObject({
  stage: z.string(),
  stages: z.array(z.object({ key: z.string(), en: z.string(), bn: z.string() })),
});

/**
 * The stage in the office's English words, as the printed copy and the PDF give it (ADR 0083): read
 * from the case under the key the Case panel uses, so the file asks for the case once.
 */
const caseStageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: applicationKeys.case(id),
    queryFn: async ({ signal }) => CaseStageSchema.parse((await api.get(apiUrl('getCase', { id }), { signal })).data),
    select: (view) => stageLabel(view.stage, view),
  });

export const useCaseStage = (id: string) => useQuery(caseStageQueryOptions(id));
