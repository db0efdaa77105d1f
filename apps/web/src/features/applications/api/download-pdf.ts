import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A copy with many large documents takes a while to build and download. */
export const PDF_TIMEOUT_MS = 60_000;

export async function downloadCopyPdf(id: string): Promise<{ blob: Blob; filename: string }> {
  const res = await api.get<Blob>(`/api/application/applicationCopyPdf/${encodeURIComponent(id)}`, {
    responseType: 'blob',
    timeout: PDF_TIMEOUT_MS,
  });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'applicants-copy.pdf';
  return { blob: res.data, filename };
}

/** Saves the file through a temporary link: the request needs the bearer token, so a plain <a href> cannot fetch it. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadPdf = () =>
  useMutation({
    mutationFn: downloadCopyPdf,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
