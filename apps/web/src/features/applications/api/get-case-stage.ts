import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { CaseSchema, stageLabel } from '@visa/shared/case-work';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

/** The stage in the office's English words, as the printed copy and the PDF give it (ADR 0083). */
const getCaseStage = async (id: string, signal?: AbortSignal): Promise<string> => {
  const view = CaseSchema.parse((await api.get(apiUrl('getCase', { id }), { signal })).data);
  return stageLabel(view.stage, view);
};

const caseStageQueryOptions = (id: string) =>
  queryOptions({ queryKey: applicationKeys.caseStage(id), queryFn: ({ signal }) => getCaseStage(id, signal) });

export const useCaseStage = (id: string) => useQuery(caseStageQueryOptions(id));
