import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { CaseSchema, stageLabel } from '@visa/shared/case-work';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

/**
 * The stage in the office's English words, as the printed copy and the PDF give it (ADR 0083): read
 * from the case under the key the Case panel uses, so the file asks for the case once.
 */
const caseStageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: applicationKeys.case(id),
    queryFn: async ({ signal }) => CaseSchema.parse((await api.get(apiUrl('getCase', { id }), { signal })).data),
    select: (view) => stageLabel(view.stage, view),
  });

export const useCaseStage = (id: string) => useQuery(caseStageQueryOptions(id));
