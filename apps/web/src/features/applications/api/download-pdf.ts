import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { api } from '../../../lib/api-client';
import { downloadName, saveBlob } from '../../../lib/save-file';

/** A copy with many large documents takes a while to build and download. */
const PDF_TIMEOUT_MS = 60_000;

async function downloadCopyPdf(id: string): Promise<{ blob: Blob; filename: string }> {
  const res = await api.get<Blob>(apiUrl('downloadCopyPdf', { id }), {
    responseType: 'blob',
    timeout: PDF_TIMEOUT_MS,
  });
  return { blob: res.data, filename: downloadName(res, 'applicants-copy.pdf') };
}

export const useDownloadPdf = () =>
  useMutation({
    mutationFn: downloadCopyPdf,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
