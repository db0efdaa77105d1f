import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { FinancialRetention, MoneyTile, MonthlyReport, OutstandingReport, ReceivedReport } from '@visa/shared/money-reports';
import { api } from '../../../lib/api-client';
import { downloadName, saveBlob } from '../../../lib/save-file';

/** The money reports (ADR 0092): the answers' types only, so the schemas stay out of the pages. */
const key = ['money-reports'] as const;

export function useDailyReport(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: [...key, 'daily', range],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => (await api.get<ReceivedReport>(apiUrl('getMoneyReceivedDaily'), { params: range, signal })).data,
  });
}

export function useMonthlyReport(fiscalYear: string | undefined) {
  return useQuery({
    queryKey: [...key, 'monthly', fiscalYear ?? ''],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api.get<MonthlyReport>(apiUrl('getMoneyReceivedMonthly'), { params: fiscalYear ? { fiscalYear } : {}, signal })).data,
  });
}

export function useOutstanding(page: number) {
  return useQuery({
    queryKey: [...key, 'outstanding', page],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => (await api.get<OutstandingReport>(apiUrl('getMoneyOutstanding'), { params: { page }, signal })).data,
  });
}

/** The dashboard's figures: asked for only where the signed-in member is a super-admin. */
export function useMoneyTile(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'tile'],
    enabled,
    queryFn: async ({ signal }) => (await api.get<MoneyTile>(apiUrl('getMoneyTile'), { signal })).data,
  });
}

async function exportEntries(range: { from?: string; to?: string }): Promise<string> {
  const res = await api.get<Blob>(apiUrl('exportMoneyEntries'), { params: range, responseType: 'blob' });
  const filename = downloadName(res, 'money.csv');
  saveBlob(res.data, filename);
  return filename;
}

export const useExportEntries = () => useMutation({ mutationFn: exportEntries });

const retentionKey = ['settings', 'financial-retention'] as const;

/** Settings → Keeping financial records: the years the books stay after an applicant's data goes. */
export function useFinancialRetention() {
  return useQuery({
    queryKey: retentionKey,
    queryFn: async ({ signal }) => (await api.get<FinancialRetention>(apiUrl('getFinancialRetention'), { signal })).data,
  });
}

export function useSaveFinancialRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (setting: FinancialRetention) =>
      (await api.put<FinancialRetention>(apiUrl('updateFinancialRetention'), setting)).data,
    onSuccess: (saved) => queryClient.setQueryData(retentionKey, saved),
  });
}
