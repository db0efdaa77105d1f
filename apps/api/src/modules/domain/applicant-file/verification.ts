import type { CopyVerification } from '@visa/shared/applicant-file';
import { statusCheckUrl } from '../../../lib/public-links.js';
import { onFirstUse } from '../../../lib/on-first-use.js';

/** The QR code library, loaded on first use (ADR 0074). */
const loadQrCode = onFirstUse(async () => (await import('qrcode')).default);

/** The quiet zone the QR standard asks for around the code, in modules. */
const QUIET_ZONE = 4;

/** The QR code as one SVG path (runs of dark modules per row), usable by the browser and by PDFKit alike. */
export async function qrPath(text: string): Promise<{ size: number; path: string }> {
  const { modules } = (await loadQrCode()).create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!modules.get(y, x)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < n && modules.get(y, x)) x += 1;
      parts.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h-${x - start}z`);
    }
  }
  return { size: n + 2 * QUIET_ZONE, path: parts.join('') };
}

const cache = new Map<string, CopyVerification>();

/**
 * Where a printed copy sends its reader: the public enquiry page. The QR encodes only that public
 * address, never personal data, so a lost printout reveals nothing the paper does not already show.
 */
export async function copyVerification(publicUrl: string): Promise<CopyVerification> {
  const url = statusCheckUrl(publicUrl);
  let found = cache.get(url);
  if (!found) {
    found = { url, qr: await qrPath(url) };
    cache.set(url, found);
  }
  return found;
}
