import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  APPLICANT_FILE_TEXTS as M,
  DOCUMENT_FILE_FIELD,
  DOCUMENT_LABEL_FIELD,
  DOCUMENT_LONGEST_SIDE,
  MAX_DOCUMENTS_PER_UPLOAD,
} from '@visa/shared/applicant-file';
import { DOCUMENT_MAX_BYTES, type DocumentLabel, IMAGE_MAX_PIXELS } from '@visa/shared/constants';
import { documentInvalidType, documentTooLarge } from '@visa/shared/ui-texts';
import { HttpError } from '../../../lib/http-error.js';
import { type PartsOptions, type UploadedFile, readFilePart } from '../../../plugins/uploads.js';
import { isAllowedImage, loadSharp, sniffType } from '../../../lib/images.js';
import { isDocumentLabel } from '../applications/rows.js';

export interface DocumentUpload {
  files: UploadedFile[];
  labels: DocumentLabel[];
}

export interface PreparedDocument {
  filename: string;
  label: DocumentLabel;
  bytes: Buffer;
  contentType: 'image/jpeg';
}

/** Names are shown back to staff and stored in the history: one line, no path, bounded. */
function cleanFilename(name: string): string {
  const base = path.posix.basename(name.replaceAll('\\', '/'));
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return (cleaned || 'unnamed file').slice(0, 120);
}

/**
 * The earlier app's client sends one document each as `file1` … `file6`, its six slots; this
 * product's sends every one as `file1`. Both are read, and stored in the slots' order.
 */
const FILE_FIELD = /^file([1-6])$/;

/**
 * Reads `file1` (or `file1` … `file6`) files and their `label` fields. Every file is read to its end (a file over 7 MB
 * is cut off and flagged, not refused mid-stream) so that all of them can be judged before any
 * is kept: one bad file means none are stored.
 */
export async function readDocumentUpload(request: FastifyRequest): Promise<DocumentUpload> {
  if (!request.isMultipart()) throw new HttpError(415, M.notMultipart);
  const files: (UploadedFile & { slot: number })[] = [];
  const labels: string[] = [];
  try {
    const options: PartsOptions = {
      limits: {
        fileSize: DOCUMENT_MAX_BYTES,
        files: MAX_DOCUMENTS_PER_UPLOAD,
        fields: MAX_DOCUMENTS_PER_UPLOAD + 5,
        fieldSize: 1024,
        parts: 2 * MAX_DOCUMENTS_PER_UPLOAD + 5,
      },
      throwFileSizeLimit: false,
    };
    for await (const part of request.parts(options)) {
      if (part.type === 'file') {
        const file = await readFilePart(part);
        const slot = FILE_FIELD.exec(part.fieldname)?.[1];
        if (!slot) throw new HttpError(400, M.unexpectedField);
        if (file) files.push({ ...file, filename: cleanFilename(file.filename), slot: Number(slot) });
        continue;
      }
      if (part.fieldname !== DOCUMENT_LABEL_FIELD && part.fieldname !== `${DOCUMENT_LABEL_FIELD}[]`) continue;
      if (typeof part.value !== 'string' || part.valueTruncated) throw new HttpError(400, M.unknownLabel);
      labels.push(part.value.trim());
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413 || (err as { code?: string }).code === 'FST_FILES_LIMIT') throw new HttpError(413, M.tooManyDocuments);
    request.log.info({ err: { message: (err as Error).message } }, 'unreadable document upload');
    throw new HttpError(400, M.malformedUpload);
  }

  if (files.length === 0) throw new HttpError(400, M.noDocuments);
  // The earlier app sent files without labels; those become 'Other'. Otherwise one label per file.
  if (labels.length === 0)
    return inSlotOrder(
      files,
      files.map(() => 'Other'),
    );
  if (labels.length !== files.length) throw new HttpError(400, M.labelsMismatch);
  const unknown = labels.find((l) => !isDocumentLabel(l));
  if (unknown !== undefined) throw new HttpError(400, M.unknownLabel);
  return inSlotOrder(files, labels as DocumentLabel[]);
}

/** Files (each with the label sent in its place) by slot, those of one slot in the order sent. */
function inSlotOrder(files: (UploadedFile & { slot: number })[], labels: DocumentLabel[]): DocumentUpload {
  const paired = files.map(({ slot, ...file }, i) => ({ slot, file, label: labels[i]! })).sort((a, b) => a.slot - b.slot);
  return { files: paired.map((p) => p.file), labels: paired.map((p) => p.label) };
}

/** The type a message names: what the bytes are, else what the browser claimed (unless it claimed an image). */
function shownType(sniffed: string | undefined, declared: string): string {
  if (sniffed) return sniffed;
  if (declared && !isAllowedImage(declared)) return declared;
  return 'unknown';
}

/**
 * Judges every file by its bytes (the messages of docs/product.md#documents, 415 / 413), then
 * re-encodes the good ones: orientation applied, EXIF and GPS dropped, longest side capped,
 * decompression bombs refused.
 * Throws for the first bad file, with every file's problem listed in `errors`.
 */
export async function prepareDocuments(upload: DocumentUpload): Promise<PreparedDocument[]> {
  const problems: { index: number; status: number; message: string }[] = [];
  for (const [index, file] of upload.files.entries()) {
    if (file.tooLarge) {
      problems.push({ index, status: 413, message: documentTooLarge(file.filename) });
      continue;
    }
    const sniffed = await sniffType(file.bytes);
    if (!isAllowedImage(sniffed?.mime)) {
      problems.push({ index, status: 415, message: documentInvalidType(file.filename, shownType(sniffed?.mime, file.declaredType)) });
    }
  }
  if (problems.length > 0) throw toHttpError(problems);

  const prepared: PreparedDocument[] = [];
  for (const [index, file] of upload.files.entries()) {
    const bytes = await reencodeDocument(file.bytes);
    if (bytes) prepared.push({ filename: file.filename, label: upload.labels[index]!, bytes, contentType: 'image/jpeg' });
    else problems.push({ index, status: 400, message: M.documentUnreadable(file.filename) });
  }
  if (problems.length > 0) throw toHttpError(problems);
  return prepared;
}

/**
 * Like the photo pipeline (lib/images.ts) — orientation applied, metadata dropped, pixel limit
 * against decompression bombs, corrupt files refused — but with plain libjpeg instead of mozjpeg:
 * a large scan re-encodes several times faster, which keeps an upload of several documents inside
 * the 10 s the browser waits (docs/product.md#limits), for somewhat larger files (figures in
 * ADR 0012).
 * Answers null when the bytes are not a sound image.
 */
export async function reencodeDocument(bytes: Buffer): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({ width: DOCUMENT_LONGEST_SIDE, height: DOCUMENT_LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}

function toHttpError(problems: { index: number; status: number; message: string }[]): HttpError {
  const first = problems[0]!;
  return new HttpError(
    first.status,
    first.message,
    problems.map((p) => ({ path: `${DOCUMENT_FILE_FIELD}.${p.index}`, message: p.message })),
  );
}
