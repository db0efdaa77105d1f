import { onFirstUse } from './on-first-use.js';

/** PDFKit, loaded with the first PDF asked for, not at start (ADR 0074). */
const loadPdfKit = onFirstUse(async () => (await import('pdfkit')).default);

/**
 * A new PDFKit document and the bytes it will have written once `doc.end()` is called: the
 * applicant's copy, the receipt and the custody slip are each built this way.
 */
export async function newPdf(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; finished: Promise<Buffer> }> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, finished };
}
