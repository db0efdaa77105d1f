import type { IncomingHttpHeaders } from 'node:http';
import { UPLOADS_PATH } from '@visa/shared/document-requests';
import { HttpError } from '../../../lib/http-error.js';
import { originForm } from '../../../lib/request-path.js';

/**
 * What a request to /api/uploads may look like before tus reads it (ADR 0063). Tus takes an
 * upload's id from the last `/…` of the whole address, query string and all, so the address must be
 * exactly the endpoint or one upload's: anything more could name another upload than the one the
 * route checked. And tus answers an extension it does not offer with a 5xx, after the route has
 * already begun the upload: those headers are refused first.
 */

export const UPLOAD_ADDRESS_NOT_VALID = 'This upload address is not valid: use the address the upload was given, with nothing added.';
export const uploadExtensionRefused = (header: string) =>
  `This kind of upload is not offered (${header}): send the whole file as one upload of known length.`;

/** An upload's id: 16 random bytes in lower-case hex, as uploads.ts names them. */
export const UPLOAD_ID = /^[a-f0-9]{32}$/;
const isUploadId = (id: string) => UPLOAD_ID.test(id);

/**
 * The upload the request's target names: null for the endpoint itself (where uploads begin), the
 * id for `/api/uploads/<id>`, and a 400 for anything else — a query string, another segment, an
 * encoded character, `..` — whatever the router made of it.
 */
export function uploadIdOfTarget(url: string): string | null {
  const target = originForm(url);
  if (target === UPLOADS_PATH || target === `${UPLOADS_PATH}/`) return null;
  const id = target.startsWith(`${UPLOADS_PATH}/`) ? target.slice(UPLOADS_PATH.length + 1) : '';
  if (!isUploadId(id)) throw new HttpError(400, UPLOAD_ADDRESS_NOT_VALID);
  return id;
}

/** The tus headers each method may carry: creation with a known length, then offsets. */
const ALLOWED: Record<string, readonly string[]> = {
  POST: ['upload-length', 'upload-metadata'],
  PATCH: ['upload-offset'],
  HEAD: [],
  DELETE: [],
};

/**
 * Refuses the headers of tus extensions this endpoint does not offer — concatenation
 * (Upload-Concat), deferred length (Upload-Defer-Length), checksums (Upload-Checksum), the
 * IETF draft's Upload-Complete and the like — and a method override, which a proxy could honour
 * where the route did not look. Any `Upload-*` or `Tus-*` header other than the method's own is
 * taken for one.
 */
export function refuseExtensions(method: string, headers: IncomingHttpHeaders): void {
  const allowed = ALLOWED[method] ?? [];
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    const tusHeader = (lower.startsWith('upload-') || lower.startsWith('tus-')) && lower !== 'tus-resumable';
    if ((tusHeader && !allowed.includes(lower)) || lower === 'x-http-method-override')
      throw new HttpError(400, uploadExtensionRefused(name));
  }
}
