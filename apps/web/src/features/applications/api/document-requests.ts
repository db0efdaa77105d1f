import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import {
  type NewDocumentRequest,
  type SentDocumentRequest,
  SentDocumentRequestSchema,
  type StaffDocumentRequest,
  StaffDocumentRequestSchema,
} from '@visa/shared/document-requests';
import { api, serverMessage } from '../../../lib/api-client';
import { reviewCountKey } from './documents-to-review';
import { applicationKeys } from './keys';
import { refetchAfterWrite } from '../../../lib/query-client';

/** Documents by link on the applicant file (ADR 0046): the request, sending, revoking and the review. */

const requestKey = (id: string) => [...applicationKeys.detail(id), 'document-request'] as const;

/** The server's own message for a refusal, else a plain one. */
export const refusalOf = (error: unknown): string => serverMessage(error) ?? 'Something went wrong. Please try again.';

export function useDocumentRequest(id: string) {
  return useQuery({
    queryKey: requestKey(id),
    queryFn: async ({ signal }) => StaffDocumentRequestSchema.parse((await api.get(apiUrl('getDocumentRequest', { id }), { signal })).data),
  });
}

type Action =
  | { kind: 'send'; body: NewDocumentRequest }
  | { kind: 'revoke' }
  | { kind: 'accept'; itemId: string }
  | { kind: 'askAgain'; itemId: string; reason: string };

/** After sending, the channels and the link, shown once (ADR 0070): never put in the query cache. */
export type SentLink = SentDocumentRequest['sent'];

async function act(id: string, action: Action): Promise<StaffDocumentRequest & { sent?: SentLink }> {
  if (action.kind === 'send')
    return SentDocumentRequestSchema.parse((await api.post(apiUrl('sendDocumentRequest', { id }), action.body)).data);
  const res =
    action.kind === 'revoke'
      ? await api.delete(apiUrl('revokeDocumentRequest', { id }))
      : action.kind === 'accept'
        ? await api.post(apiUrl('acceptDocument', { id, itemId: action.itemId }))
        : await api.post(apiUrl('askDocumentAgain', { id, itemId: action.itemId }), { reason: action.reason });
  return StaffDocumentRequestSchema.parse(res.data);
}

export function useDocumentRequestAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => act(id, action),
    onSuccess: async ({ sent: _sent, ...data }) => {
      queryClient.setQueryData(requestKey(id), data);
      // An accepted file is one of the application's documents now; every step is in the history.
      await Promise.all([
        refetchAfterWrite(queryClient, { queryKey: applicationKeys.detail(id), exact: true }),
        refetchAfterWrite(queryClient, { queryKey: applicationKeys.history(id) }),
        refetchAfterWrite(queryClient, { queryKey: reviewCountKey }),
      ]);
    },
  });
}
