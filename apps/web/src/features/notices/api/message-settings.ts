import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { MessageSettings, MessageSettingsView, TestMessageResult } from '@visa/shared/notices';
import { api } from '../../../lib/api-client';

/** Settings → Messages (ADR 0044): super-admins only; the server checks the role too. */
const getMessageSettings = async (): Promise<MessageSettingsView> =>
  (await api.get<MessageSettingsView>(apiUrl('getMessageSettings'))).data;

const messageSettingsQueryOptions = () => queryOptions({ queryKey: ['settings', 'messages'], queryFn: getMessageSettings });

export const useMessageSettings = () => useQuery(messageSettingsQueryOptions());

export function useSaveMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: MessageSettings) => (await api.put<MessageSettingsView>(apiUrl('updateMessageSettings'), settings)).data,
    onSuccess: (saved) => queryClient.setQueryData(messageSettingsQueryOptions().queryKey, saved),
  });
}

export const useSendTestMessage = () =>
  useMutation({
    mutationFn: async (input: { channel: 'sms' | 'whatsapp'; to: string }) =>
      (await api.post<TestMessageResult>(apiUrl('sendTestMessage'), input)).data,
  });
