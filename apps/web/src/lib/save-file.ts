import type { HttpResponse } from './api-client';

/** The file name the server gave a download (Content-Disposition), or `fallback`. */
export function downloadName(res: HttpResponse, fallback: string): string {
  const disposition = String(res.headers['content-disposition'] ?? '');
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

/**
 * Hands a downloaded file to the browser through a temporary link: the request needed the staff
 * token, so a plain <a href> could not have fetched it.
 */
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
