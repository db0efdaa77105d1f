import { inflateSync } from 'node:zlib';

// Latin-1 but for the WinAnsi punctuation the copy uses (Node's decoders may lack windows-1252).
const WIN_ANSI: Record<string, string> = { '\x91': '‘', '\x92': '’', '\x93': '“', '\x94': '”', '\x96': '–', '\x97': '—' };
const winAnsi = (bytes: Buffer) => bytes.toString('latin1').replace(/[\x91-\x97]/g, (c) => WIN_ANSI[c] ?? c);

/**
 * The text a PDF shows, as PDFKit writes it: every compressed content stream inflated, every hex
 * string of a TJ array decoded in the standard fonts' WinAnsi encoding, lines joined by spaces.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  // PDFKit ends the data with "\nendstream": a carriage return just before it is the data's own
  // last byte (one compressed stream in 256 ends so), never part of the line end.
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)].map((m) => {
    try {
      return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      // Not every stream is compressed content (images are DCT); those hold no text.
      return '';
    }
  });
  return streams
    .flatMap((content) => [...content.matchAll(/\[(.*?)\] TJ/g)])
    .map((m) => [...m[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => winAnsi(Buffer.from(h[1]!, 'hex'))).join(''))
    .join(' ');
}
