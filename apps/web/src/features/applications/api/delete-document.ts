import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { api } from '../../../lib/api-client';
import { applicationChanged } from './keys';

async function deleteDocument({ id, documentId }: { id: string; documentId: string }): Promise<Application> {
  const res = await api.delete(`/api/application/deleteApplicationDocument/${encodeURIComponent(id)}/${encodeURIComponent(documentId)}`);
  return ApplicationSchema.parse(res.data);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    // The file shows the answer at once; the rest catches up on its own.
    onSuccess: (application) => void applicationChanged(queryClient, application),
  });
}
