import { useMutation } from '@tanstack/react-query';
import { TIMEOUTS } from '@visa/shared/constants';
import { api } from '../../../lib/api-client';

export const EXPORT_FAILED = 'The export could not be made. Please try again.';

/**
 * Fetches the CSV with the staff token (a plain link could not send it) and hands it to the
 * browser as a download named by the server.
 */
export async function exportApplications(search: string): Promise<string> {
  const res = await api.get<Blob>('/api/application/export', {
    params: search ? { search } : {},
    responseType: 'blob',
    timeout: TIMEOUTS.applicationList * 6,
  });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'applications.csv';
  const url = URL.createObjectURL(res.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return filename;
}

export const useExportApplications = () => useMutation({ mutationFn: exportApplications });
