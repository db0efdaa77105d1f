import { DOCUMENT_MAX_BYTES } from '@visa/shared/constants';
import { documentInvalidType, documentTooLarge } from '@visa/shared/ui-texts';

/** Magic numbers of what staff are likely to pick by mistake; JPEG and PNG are the only ones accepted. */
const SIGNATURES: { type: string; offset: number; bytes: number[] }[] = [
  { type: 'image/jpeg', offset: 0, bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', offset: 0, bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/gif', offset: 0, bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'image/webp', offset: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
  { type: 'image/heic', offset: 4, bytes: [0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63] },
  { type: 'image/bmp', offset: 0, bytes: [0x42, 0x4d] },
  { type: 'application/zip', offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
];

export const ACCEPTED_DOCUMENT_TYPES = ['image/jpeg', 'image/png'] as const;

/** What the first bytes say a file is, or null when they match nothing we know. */
function sniffHead(head: Uint8Array): string | null {
  const found = SIGNATURES.find((s) => s.bytes.every((b, i) => head[s.offset + i] === b));
  return found?.type ?? null;
}

/**
 * The browser's copy of the server's document rules (docs/product.md#documents, same words): the
 * bytes decide the type — a PNG saved as .jpg is fine, a PDF renamed .jpg is not — and at most 7
 * MB. Answers the message to show, or null when the file may be uploaded.
 */
export async function checkDocument(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const sniffed = sniffHead(head);
  if (sniffed !== 'image/jpeg' && sniffed !== 'image/png') {
    const declared = file.type && !(ACCEPTED_DOCUMENT_TYPES as readonly string[]).includes(file.type) ? file.type : null;
    return documentInvalidType(file.name, sniffed ?? declared ?? 'unknown');
  }
  if (file.size > DOCUMENT_MAX_BYTES) return documentTooLarge(file.name);
  return null;
}
