import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { type CopyVerification, CopyVerificationSchema } from '@visa/shared/applicant-file';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

const getVerification = async (signal?: AbortSignal): Promise<CopyVerification> =>
  CopyVerificationSchema.parse((await api.get(apiUrl('getCopyVerification'), { signal })).data);

/** The same for every copy and for the life of the server: asked once. */
const verificationQueryOptions = () =>
  queryOptions({ queryKey: applicationKeys.verification(), queryFn: ({ signal }) => getVerification(signal), staleTime: Infinity });

export const useVerification = () => useQuery(verificationQueryOptions());
