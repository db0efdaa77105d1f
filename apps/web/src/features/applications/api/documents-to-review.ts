import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

/**
 * Files applicants sent by link that staff have not reviewed yet, and on how many applications
 * (ADR 0069): the dashboard's figure and the staff frame's badge read the one query, so the
 * dashboard asks once for both and every other page once per load (the frame stays mounted
 * across pages). Its own file, and the answer's shape written here, so the frame does not pull
 * the document-request schemas into every staff page; zod itself loads with the first answer
 * rather than with the page, as the session's schema does (ADR 0111).
 */
export const reviewCountKey = [...applicationKeys.all, 'documents-to-review'] as const;

const readAnswer = async (data: unknown) => (await import('./documents-to-review-answer')).DocumentsToReviewAnswer.parse(data);

/** `enabled` false holds the request back (the staff frame, until the account is known). */
export function useDocumentsToReview(enabled = true) {
  return useQuery({
    queryKey: reviewCountKey,
    enabled,
    queryFn: async ({ signal }) => readAnswer((await api.get(apiUrl('countDocumentsToReview'), { signal })).data),
  });
}
