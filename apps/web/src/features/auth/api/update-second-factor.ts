import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  SecondFactorConfirmInput,
  SecondFactorEnableInput,
  SecondFactorSetup,
  SecondFactorSetupInput,
} from '@visa/shared/second-factor';
import { api } from '../../../lib/api-client';
import { secondFactorQueryOptions } from './get-second-factor';

/** Setting up, turning off and new recovery codes for the signed-in account (docs/product.md#api-users). */
const startSetup = async (input: SecondFactorSetupInput): Promise<SecondFactorSetup> =>
  (await api.post<SecondFactorSetup>('/api/users/me/second-factor/setup', input)).data;
const enable = async (input: SecondFactorEnableInput): Promise<RecoveryCodes> =>
  (await api.post<RecoveryCodes>('/api/users/me/second-factor/enable', input)).data;
const disable = async (input: SecondFactorConfirmInput) =>
  (await api.post<{ message: string }>('/api/users/me/second-factor/disable', input)).data;
const regenerate = async (input: SecondFactorConfirmInput): Promise<RecoveryCodes> =>
  (await api.post<RecoveryCodes>('/api/users/me/second-factor/recovery-codes', input)).data;

export const useStartSetup = () => useMutation({ mutationFn: startSetup });

function useChange<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryOptions().queryKey }),
  });
}

export const useEnableSecondFactor = () => useChange(enable);
export const useDisableSecondFactor = () => useChange(disable);
export const useRegenerateRecoveryCodes = () => useChange(regenerate);
