import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A file from an upload form, read to its end. */
export interface UploadedFile {
  bytes: Buffer;
  /** What the browser said; never used as a key. The bytes decide what the file is. */
  filename: string;
  declaredType: string;
  /** The file went over the form's limit; its bytes beyond the limit were discarded unread. */
  tooLarge: boolean;
}

/** Options for reading a form's parts; throwFileSizeLimit is read per call by @fastify/multipart although its types omit it. */
export type PartsOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]> & { throwFileSizeLimit: boolean };

/**
 * Reads a file part to its end, so the rest of the form can still be read after it. Null for the
 * empty, nameless part browsers send when no file was chosen.
 */
export async function readFilePart(part: MultipartFile): Promise<UploadedFile | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0 && !part.filename) return null;
  return { bytes, filename: part.filename, declaredType: part.mimetype, tooLarge: part.file.truncated };
}

/** The outer limits of any upload; each form narrows them when it reads its parts. */
const MULTIPART_LIMITS = { fileSize: 10 * 1024 * 1024 + 1, files: 20, fields: 40, fieldSize: 64 * 1024, parts: 60 };

/**
 * Registers the routes that take multipart uploads in a scope of their own, the only one where a
 * multipart body is parsed. Elsewhere Fastify has no parser for it and answers 415, so a JSON
 * route whose body is optional (the status actions) never acts on an upload as if nothing were
 * sent. It also keeps the parser's hooks, which run on every request of the scope it is registered
 * in (two async hooks that clean up saved temporary files, which this app never saves), off the
 * staff list and every other request.
 */
export async function uploadRoutes(app: FastifyInstance, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    routes(scope);
  });
}
