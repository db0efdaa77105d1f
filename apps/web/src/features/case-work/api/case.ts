import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { type CaseSettings, CaseSettingsSchema } from '@visa/shared/case-settings';
import { CaseSchema, type CaseView, type LetterChange, type NewLetter, type NewStep } from '@visa/shared/case-work';
import { api } from '../../../lib/api-client';
import { refetchAfterWrite } from '../../../lib/query-client';

/**
 * The case on the applicant file and its settings (ADR 0077). The case sits under the
 * application's cache key, so whatever refreshes the application (a status action moving it to
 * the decision stage) can refresh it too.
 */
const caseKey = (id: string) => ['applications', 'detail', id, 'case'] as const;
const settingsKey = ['settings', 'case'] as const;

export function useCase(id: string) {
  return useQuery({
    queryKey: caseKey(id),
    queryFn: async ({ signal }) => CaseSchema.parse((await api.get(apiUrl('getCase', { id }), { signal })).data),
  });
}

export type CaseAction =
  | { kind: 'step'; body: Partial<NewStep> }
  | { kind: 'letter'; body: Partial<NewLetter> }
  | { kind: 'change'; letterId: string; body: Partial<LetterChange> };

async function act(id: string, action: CaseAction): Promise<CaseView> {
  const res =
    action.kind === 'step'
      ? await api.post(apiUrl('recordCaseStep', { id }), action.body)
      : action.kind === 'letter'
        ? await api.post(apiUrl('addCaseLetter', { id }), action.body)
        : await api.patch(apiUrl('changeCaseLetter', { id, letterId: action.letterId }), action.body);
  return CaseSchema.parse(res.data);
}

export function useCaseAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CaseAction) => act(id, action),
    onSuccess: async (view) => {
      queryClient.setQueryData(caseKey(id), view);
      // Every step is audited (the History) and the stage shows in the lists.
      await Promise.all([
        refetchAfterWrite(queryClient, { queryKey: ['applications', 'detail', id, 'history'] }),
        refetchAfterWrite(queryClient, { queryKey: ['applications', 'list'] }),
      ]);
    },
  });
}

export function useCaseSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) => CaseSettingsSchema.parse((await api.get(apiUrl('getCaseSettings'), { signal })).data),
    staleTime: 60_000,
  });
}

export function useSaveCaseSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: CaseSettings) => CaseSettingsSchema.parse((await api.put(apiUrl('updateCaseSettings'), settings)).data),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

/** Staff a letter may be given to: the accounts list is the super-admins' alone (the same cache as Staff). */
export function useStaffNames(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'list'],
    queryFn: async ({ signal }) => (await api.get<{ _id: string; name: string }[]>(apiUrl('listStaffAccounts'), { signal })).data,
    enabled,
  });
}
