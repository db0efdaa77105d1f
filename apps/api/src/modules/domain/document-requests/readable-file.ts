import { REQUEST_FILE_TYPES, type RequestFileType } from '@visa/shared/document-requests';
import { sniffType } from '../../../lib/images.js';
import { reencodeDocument } from '../applicant-file/documents.js';
import { onFirstUse } from '../../../lib/on-first-use.js';

/**
 * What a finished upload by link is, judged as a reader would open it (ADR 0063), not by its first
 * bytes: a file that starts like a JPEG and goes on as HTML, or a picture or PDF cut short, is no
 * document staff can read, whatever its magic number says.
 */

/** Readers look for the end-of-file marker in the last KiB (PDF 1.7, 7.5.5): a file cut short has none there. */
const PDF_TAIL = 1024;

/**
 * A PDF is parsed: its objects read strictly, its page tree walked. A file cut short of its cross-
 * reference section still parses object by object, so its tail must also carry `startxref` and the
 * `%%EOF` marker, as every complete revision of a PDF ends.
 */
/** pdf-lib, loaded on first use (ADR 0074). */
const loadPdfLib = onFirstUse(() => import('pdf-lib'));

async function isReadablePdf(bytes: Buffer): Promise<boolean> {
  const tail = bytes.subarray(Math.max(0, bytes.length - PDF_TAIL)).toString('latin1');
  if (!tail.includes('startxref') || !tail.includes('%%EOF')) return false;
  try {
    // A password that only restricts printing or copying still lets the file be opened: not refused.
    const { PDFDocument } = await loadPdfLib();
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
    const pages = doc.getPages();
    return pages.length > 0 && pages.every((page) => page.getWidth() > 0 && page.getHeight() > 0);
  } catch {
    return false;
  }
}

/** What a finished upload keeps: the form staff are given, and its type. */
export interface ReadFile {
  type: RequestFileType;
  bytes: Buffer;
}

/**
 * The file as staff will be given it, if it is of a type the item accepts and it reads through: a
 * picture decoded to its last pixel the way a staff upload is, and kept as that re-encoding, so that
 * whatever rode after its end (HTML, an archive, a phone's trailer) and its location tags are not
 * kept; a PDF parsed and kept as sent. `file` is null for anything else.
 */
export async function readThrough(bytes: Buffer, accepted: readonly string[]): Promise<{ file: ReadFile | null; sniffed: string }> {
  const sniffed = (await sniffType(bytes))?.mime ?? 'unknown';
  if (!(REQUEST_FILE_TYPES as readonly string[]).includes(sniffed) || !accepted.includes(sniffed)) return { file: null, sniffed };
  if (sniffed === 'application/pdf') return { file: (await isReadablePdf(bytes)) ? { type: 'application/pdf', bytes } : null, sniffed };
  const picture = await reencodeDocument(bytes);
  return { file: picture ? { type: 'image/jpeg', bytes: picture } : null, sniffed };
}
