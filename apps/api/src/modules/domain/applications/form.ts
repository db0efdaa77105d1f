import type { FastifyRequest } from 'fastify';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { APPLICATION_FIELDS } from '@visa/shared/applications';
import { SERVER } from '@visa/shared/ui-texts';
import { CONSENT_FIELD } from '@visa/shared/privacy-texts';
import { HttpError } from '../../../lib/http-error.js';
import { type PartsOptions, type UploadedFile, readFilePart } from '../../../plugins/uploads.js';

export interface ApplicationForm {
  fields: Record<string, string>;
  image: UploadedFile | null;
}

/** The form's fields, `notify`: the channels the applicant agreed to (ADR 0044), and the privacy notice agreed to (ADR 0053). */
const KNOWN_FIELDS = new Set<string>([...APPLICATION_FIELDS, 'notify', CONSENT_FIELD]);
const IMAGE_FIELD = 'image';

/**
 * Reads the add/edit multipart form. The image is buffered up to `maxImageBytes`; a bigger file
 * is cut off by the parser (and flagged) while the rest of the form is still read, so the field
 * rules can be checked before the size rule, in the form's order (docs/product.md#application-form).
 */
export async function readApplicationForm(request: FastifyRequest, maxImageBytes: number): Promise<ApplicationForm> {
  if (!request.isMultipart()) throw new HttpError(415, APPLICATION_TEXTS.notMultipart);
  const fields: Record<string, string> = {};
  let image: UploadedFile | null = null;
  try {
    const options: PartsOptions = {
      limits: { fileSize: maxImageBytes, files: 1, fields: KNOWN_FIELDS.size + 5, fieldSize: 4 * 1024, parts: KNOWN_FIELDS.size + 6 },
      throwFileSizeLimit: false,
    };
    const parts = request.parts(options);
    for await (const part of parts) {
      if (part.type === 'file') {
        const file = await readFilePart(part);
        if (part.fieldname !== IMAGE_FIELD) throw new HttpError(400, APPLICATION_TEXTS.malformedForm);
        if (file) image = file;
        continue;
      }
      if (!KNOWN_FIELDS.has(part.fieldname)) continue;
      if (typeof part.value !== 'string' || part.valueTruncated || part.fieldname in fields) {
        throw new HttpError(400, APPLICATION_TEXTS.malformedForm);
      }
      fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    // Parser limits (too many parts or files) are 413; anything else is a broken body, never a 500.
    if (status === 413) throw new HttpError(413, SERVER.payloadTooLarge);
    request.log.info({ err: { message: (err as Error).message } }, 'unreadable multipart form');
    throw new HttpError(400, APPLICATION_TEXTS.malformedForm);
  }
  return { fields, image };
}
