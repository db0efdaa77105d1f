import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { type ApplicationStatus, TIMEOUTS } from '@visa/shared/constants';
import { api } from '../../../lib/api-client';
import { downloadName, saveBlob } from '../../../lib/save-file';

/** The CSV of the current search and status filter, saved as a download named by the server. */
async function exportApplications({ search, status }: { search: string; status?: ApplicationStatus }): Promise<string> {
  const res = await api.get<Blob>(apiUrl('exportApplications'), {
    params: { ...(search ? { search } : {}), ...(status ? { status } : {}) },
    responseType: 'blob',
    timeout: TIMEOUTS.applicationList * 6,
  });
  const filename = downloadName(res, 'applications.csv');
  saveBlob(res.data, filename);
  return filename;
}

export const useExportApplications = () => useMutation({ mutationFn: exportApplications });
