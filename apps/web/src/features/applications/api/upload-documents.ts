import { apiUrl } from '@visa/shared/api-paths';
import { DOCUMENT_FILE_FIELD, DOCUMENT_LABEL_FIELD } from '@visa/shared/applicant-file';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { type DocumentLabel, TIMEOUTS } from '@visa/shared/constants';
import { api, type UploadProgress } from '../../../lib/api-client';
import { useApplicationMutation } from './application-mutation';

interface UploadDocumentsInput {
  id: string;
  documents: { file: File; label: DocumentLabel }[];
  /** The upload's progress as the body goes out (ADR 0026). */
  onUploadProgress?: (event: UploadProgress) => void;
}

/**
 * PUT updateApplicationAdd/{id} (docs/product.md#api-applicant-file): `file1` files with one
 * `label` each, 10 s timeout.
 */
async function uploadDocuments({ id, documents, onUploadProgress }: UploadDocumentsInput): Promise<Application> {
  const form = new FormData();
  for (const { file } of documents) form.append(DOCUMENT_FILE_FIELD, file, file.name);
  for (const { label } of documents) form.append(DOCUMENT_LABEL_FIELD, label);
  const res = await api.put(apiUrl('addDocuments', { id }), form, {
    timeout: TIMEOUTS.uploadDocuments,
    onUploadProgress,
  });
  return ApplicationSchema.parse(res.data);
}

export function useUploadDocuments() {
  return useApplicationMutation(uploadDocuments);
}
