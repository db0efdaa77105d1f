import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { SecuritySettings } from '@visa/shared/second-factor';
import { api } from '../../../lib/api-client';

/** The owner's office-wide security settings (super-admins only). */
const getSecuritySettings = async (): Promise<SecuritySettings> => (await api.get<SecuritySettings>(apiUrl('getSecuritySettings'))).data;
const putSecuritySettings = async (input: SecuritySettings): Promise<SecuritySettings> =>
  (await api.put<SecuritySettings>(apiUrl('updateSecuritySettings'), input)).data;

const securitySettingsQueryOptions = () => queryOptions({ queryKey: ['settings', 'security'], queryFn: getSecuritySettings });

export const useSecuritySettings = (enabled = true) => useQuery({ ...securitySettingsQueryOptions(), enabled });

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSecuritySettings,
    onSuccess: (saved) => queryClient.setQueryData(securitySettingsQueryOptions().queryKey, saved),
  });
}
