import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { FeeSchedule, Ledger, NewEntryInput } from '@visa/shared/money';
import type { ReceiptSettings } from '@visa/shared/money-receipts';
import { api } from '../../../lib/api-client';
import { downloadName, saveBlob } from '../../../lib/save-file';
import { refetchAfterWrite } from '../../../lib/query-client';

/**
 * Money on the applicant file and the fee schedule (ADR 0084). The ledger sits under the
 * application's cache key, so whatever refreshes the file refreshes it too. Answers are taken as
 * the API's schemas type them, not parsed again here: parsing would bring more of zod into the
 * library chunk every staff page loads (ADR 0076), for shapes the API already checks on the way out.
 */
const ledgerKey = (id: string) => ['applications', 'detail', id, 'money'] as const;
const feesKey = ['settings', 'fees'] as const;
const receiptSettingsKey = ['settings', 'receipts'] as const;

export function useLedger(id: string) {
  return useQuery({
    queryKey: ledgerKey(id),
    queryFn: async ({ signal }) => (await api.get<Ledger>(apiUrl('getLedger', { id }), { signal })).data,
  });
}

export type MoneyAction =
  | { kind: 'entry'; body: NewEntryInput }
  | { kind: 'reversal'; entryId: string; body: { reason: string } }
  | { kind: 'refund'; entryId: string; body: { amountMinor: number; reason: string; method?: string } };

async function act(id: string, action: MoneyAction): Promise<Ledger> {
  const res =
    action.kind === 'entry'
      ? await api.post<Ledger>(apiUrl('addLedgerEntry', { id }), action.body)
      : action.kind === 'reversal'
        ? await api.post<Ledger>(apiUrl('reverseLedgerEntry', { id, entryId: action.entryId }), action.body)
        : await api.post<Ledger>(apiUrl('refundLedgerPayment', { id, entryId: action.entryId }), action.body);
  return res.data;
}

export function useMoneyAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MoneyAction) => act(id, action),
    onSuccess: async (ledger) => {
      queryClient.setQueryData(ledgerKey(id), ledger);
      // Every entry is audited (the History), and the list's balance filter reads the balance.
      await Promise.all([
        refetchAfterWrite(queryClient, { queryKey: ['applications', 'detail', id, 'history'] }),
        refetchAfterWrite(queryClient, { queryKey: ['applications', 'list'] }),
      ]);
    },
  });
}

export function useFeeSchedule() {
  return useQuery({
    queryKey: feesKey,
    queryFn: async ({ signal }) => (await api.get<FeeSchedule>(apiUrl('getFeeSchedule'), { signal })).data,
    staleTime: 60_000,
  });
}

export function useSaveFeeSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (schedule: FeeSchedule) => (await api.put<FeeSchedule>(apiUrl('updateFeeSchedule'), schedule)).data,
    onSuccess: (saved) => queryClient.setQueryData(feesKey, saved),
  });
}

/** A receipt as a PDF file: the request needs the staff session, so the file is fetched, then saved. */
export const useReceiptPdf = (id: string) =>
  useMutation({
    mutationFn: async (receiptId: string) => {
      const res = await api.get<Blob>(apiUrl('downloadReceiptPdf', { id, receiptId }), { responseType: 'blob' });
      saveBlob(res.data, downloadName(res, 'receipt.pdf'));
    },
  });

export const useSendReceipt = (id: string) =>
  useMutation({
    mutationFn: async (receiptId: string) => {
      await api.post(apiUrl('sendReceipt', { id, receiptId }), {});
    },
  });

export const useSendPayLink = (id: string) =>
  useMutation({
    mutationFn: async () => (await api.post<{ expiresAt: string; channels: string[] }>(apiUrl('sendPayLink', { id }), {})).data,
  });

/** Settings → Receipts and VAT (ADR 0088): the office's BIN and VAT rate, the owner's alone. */
export function useReceiptSettings() {
  return useQuery({
    queryKey: receiptSettingsKey,
    queryFn: async ({ signal }) => (await api.get<ReceiptSettings>(apiUrl('getReceiptSettings'), { signal })).data,
  });
}

export function useSaveReceiptSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReceiptSettings) => (await api.put<ReceiptSettings>(apiUrl('updateReceiptSettings'), settings)).data,
    onSuccess: (saved) => queryClient.setQueryData(receiptSettingsKey, saved),
  });
}
