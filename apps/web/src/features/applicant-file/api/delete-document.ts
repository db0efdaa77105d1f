import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { api } from '../../../lib/api-client';
import { APPLICATIONS_ROOT_KEY, applicantFileKeys } from './keys';

export async function deleteDocument({ id, documentId }: { id: string; documentId: string }): Promise<Application> {
  const res = await api.delete(`/api/application/deleteApplicationDocument/${encodeURIComponent(id)}/${encodeURIComponent(documentId)}`);
  return ApplicationSchema.parse(res.data);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (application) => {
      queryClient.setQueryData(applicantFileKeys.application(application._id), application);
      void queryClient.invalidateQueries({ queryKey: applicantFileKeys.history(application._id) });
      void queryClient.invalidateQueries({ queryKey: APPLICATIONS_ROOT_KEY });
    },
  });
}
