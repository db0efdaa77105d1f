import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PrivacyConsent,
  PrivacyConsentSchema,
  type PrivacyNotice,
  type PrivacyNoticeInput,
  PrivacyNoticeListSchema,
  PrivacyNoticeSchema,
} from '@visa/shared/privacy';
import { apiUrl } from '@visa/shared/api-paths';
import { api } from '../../../lib/api-client';
import { PRIVACY_OVERVIEW_KEY } from './get-overview';
import { downloadName, saveBlob } from '../../../lib/save-file';
import { refetchAfterWrite } from '../../../lib/query-client';

/** The privacy notice, the consent setting and an application's consent (ADR 0053). */
const keys = {
  overview: PRIVACY_OVERVIEW_KEY,
  notices: ['privacy', 'notices'] as const,
  consent: (id: string) => ['privacy', 'consent', id] as const,
};

/** Every published version, newest first; the owner's. */
export const usePrivacyNotices = () =>
  useQuery({
    queryKey: keys.notices,
    queryFn: async ({ signal }): Promise<PrivacyNotice[]> =>
      PrivacyNoticeListSchema.parse((await api.get(apiUrl('listPrivacyNotices'), { signal })).data).notices,
  });

export function usePublishPrivacyNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PrivacyNoticeInput): Promise<PrivacyNotice> =>
      PrivacyNoticeSchema.parse((await api.post(apiUrl('publishPrivacyNotice'), input)).data),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: ['privacy'] }),
  });
}

export function useSetPrivacyConsentRequired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (required: boolean): Promise<boolean> =>
      (await api.put<{ required: boolean }>(apiUrl('setPrivacyConsentRequired'), { required })).data.required,
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: keys.overview }),
  });
}

export const usePrivacyConsent = (id: string) =>
  useQuery({
    queryKey: keys.consent(id),
    queryFn: async ({ signal }): Promise<PrivacyConsent> =>
      PrivacyConsentSchema.parse((await api.get(apiUrl('getPrivacyConsent', { id }), { signal })).data),
  });

export function useWithdrawPrivacyConsent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PrivacyConsent> =>
      PrivacyConsentSchema.parse((await api.post(apiUrl('withdrawPrivacyConsent', { id }), { confirm: true })).data),
    onSuccess: (consent) => {
      queryClient.setQueryData(keys.consent(id), consent);
      // The file's history gains the withdrawal and its emails list loses what was cancelled.
      void refetchAfterWrite(queryClient, { queryKey: ['applications'] });
    },
  });
}

/** A file with many large documents takes a while to pack and download. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

export const useDownloadApplicantData = () =>
  useMutation({
    mutationFn: async (id: string) => {
      const res = await api.get<Blob>(apiUrl('downloadApplicantData', { id }), {
        responseType: 'blob',
        timeout: DOWNLOAD_TIMEOUT_MS,
      });
      return { blob: res.data, filename: downloadName(res, `applicant-data-${id}.zip`) };
    },
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
