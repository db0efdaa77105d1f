import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiUrl } from '@visa/shared/api-paths';
import {
  type HeldPassportList,
  HeldPassportListSchema,
  type NewHandover,
  type PassportCustody,
  PassportCustodySchema,
} from '@visa/shared/passport-custody';
import { api } from '../../../lib/api-client';
import { downloadName, saveBlob } from '../../../lib/save-file';
import { refetchAfterWrite } from '../../../lib/query-client';

/** Passport custody (ADR 0082): where an applicant's passport is, its handovers, and the passports the office holds. */
const keys = {
  // The whole file: the case's timeline and stage, the copy's stage and the history all follow a handover.
  case: (id: string) => ['applications', 'detail', id] as const,
  passport: (id: string) => ['case', id, 'passport'] as const,
  held: ['passports', 'held'] as const,
};

/** The case answer carries the passport; this section reads only that part of it. */
const CasePassportSchema = z.object({ passport: PassportCustodySchema });

export const usePassportCustody = (id: string) =>
  useQuery({
    queryKey: keys.passport(id),
    queryFn: async ({ signal }): Promise<PassportCustody> =>
      CasePassportSchema.parse((await api.get(apiUrl('getCase', { id }), { signal })).data).passport,
  });

export function useRecordHandover(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewHandover): Promise<PassportCustody> =>
      PassportCustodySchema.parse((await api.post(apiUrl('recordPassportHandover', { id }), input)).data),
    onSuccess: async (custody) => {
      queryClient.setQueryData(keys.passport(id), custody);
      // Handing in and returning are steps of the case too: its timeline and letters change.
      await Promise.all([
        refetchAfterWrite(queryClient, { queryKey: keys.case(id) }),
        refetchAfterWrite(queryClient, { queryKey: keys.held }),
      ]);
    },
  });
}

/**
 * The slip as a PDF, opened in a new tab to print. The tab is opened as the button is pressed (a
 * browser allows that), then given the file; where it was blocked, the file is downloaded instead.
 */
export const usePrintSlip = (id: string) =>
  useMutation({
    mutationFn: async ({ handoverId, tab }: { handoverId: string; tab: Window | null }) => {
      const res = await api.get<Blob>(apiUrl('downloadHandoverSlip', { id, handoverId }), { responseType: 'blob' });
      const filename = downloadName(res, 'passport-handover.pdf');
      if (tab) tab.location.href = URL.createObjectURL(res.data);
      else saveBlob(res.data, filename);
    },
    onError: (_error, { tab }) => tab?.close(),
  });

export const useHeldPassports = () =>
  useQuery({
    queryKey: keys.held,
    queryFn: async ({ signal }): Promise<HeldPassportList> =>
      HeldPassportListSchema.parse((await api.get(apiUrl('listHeldPassports'), { signal })).data),
  });
