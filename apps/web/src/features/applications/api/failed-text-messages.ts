import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { api } from '../../../lib/api-client';

/** How many status messages failed for good: the dashboard asks staff to call those applicants. */
export const useFailedTextMessages = () =>
  useQuery({
    queryKey: ['text-messages', 'failed'],
    queryFn: async () => (await api.get<{ failed: number }>(apiUrl('countFailedTextMessages'))).data,
  });
