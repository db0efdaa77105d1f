import { apiUrl } from '@visa/shared/api-paths';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { api } from '../../../lib/api-client';
import { useApplicationMutation } from './application-mutation';

async function deleteDocument({ id, documentId }: { id: string; documentId: string }): Promise<Application> {
  const res = await api.delete(apiUrl('deleteDocument', { id, documentId }));
  return ApplicationSchema.parse(res.data);
}

export function useDeleteDocument() {
  return useApplicationMutation(deleteDocument);
}
