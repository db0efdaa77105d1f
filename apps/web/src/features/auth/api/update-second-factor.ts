import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  SecondFactorConfirmInput,
  SecondFactorEnableInput,
  SecondFactorSetup,
  SecondFactorSetupInput,
} from '@visa/shared/second-factor';
import { apiUrl } from '@visa/shared/api-paths';
import { api } from '../../../lib/api-client';
import { secondFactorQueryOptions } from './get-second-factor';
import { refetchAfterWrite } from '../../../lib/query-client';

/** Setting up, turning off and new recovery codes for the signed-in account (docs/product.md#api-users). */
const startSetup = async (input: SecondFactorSetupInput): Promise<SecondFactorSetup> =>
  (await api.post<SecondFactorSetup>(apiUrl('startSecondFactorSetup'), input)).data;
const enable = async (input: SecondFactorEnableInput): Promise<RecoveryCodes> =>
  (await api.post<RecoveryCodes>(apiUrl('enableSecondFactor'), input)).data;
const disable = async (input: SecondFactorConfirmInput) => (await api.post<{ message: string }>(apiUrl('disableSecondFactor'), input)).data;
const regenerate = async (input: SecondFactorConfirmInput): Promise<RecoveryCodes> =>
  (await api.post<RecoveryCodes>(apiUrl('renewRecoveryCodes'), input)).data;

export const useStartSetup = () => useMutation({ mutationFn: startSetup });

function useChange<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: secondFactorQueryOptions().queryKey }),
  });
}

export const useEnableSecondFactor = () => useChange(enable);
export const useDisableSecondFactor = () => useChange(disable);
export const useRegenerateRecoveryCodes = () => useChange(regenerate);
