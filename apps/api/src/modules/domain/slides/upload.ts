import type { FastifyRequest } from 'fastify';
import { SLIDE_IMAGE_MAX_BYTES } from '@visa/shared/constants';
import { SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { SLIDE_TEXTS } from '@visa/shared/slides';
import { HttpError, badRequest } from '../../../lib/http-error.js';

export interface SlideUpload {
  fields: Record<string, string>;
  image: Buffer | null;
}

/** The field that carries the picture; any other file field is refused. */
const IMAGE_FIELD = 'image';

/**
 * Reads a multipart slide form: text fields and at most one image, buffered up to 10 MB
 * (docs/product.md#limits). A bigger file is answered 413 with the form's own message as soon as
 * the limit is passed, without reading the rest into memory.
 */
export async function readSlideUpload(request: FastifyRequest): Promise<SlideUpload> {
  if (!request.isMultipart()) throw new HttpError(415, SLIDE_TEXTS.notMultipart);
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  try {
    // fileSize is the limit itself: past it, toBuffer() throws (the plugin's throwFileSizeLimit default).
    const parts = request.parts({ limits: { fileSize: SLIDE_IMAGE_MAX_BYTES, files: 2 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== IMAGE_FIELD || image) {
        part.file.resume();
        throw badRequest(SLIDE_TEXTS.oneImageOnly);
      }
      try {
        image = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, VALIDATION.imageTooLargeAdd);
        throw err;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // Parser limits are 413; anything else (no boundary, a body cut off) is a broken body, never a 500.
    if ((err as { statusCode?: number }).statusCode === 413) throw new HttpError(413, SERVER.payloadTooLarge);
    request.log.info({ err: { message: (err as Error).message } }, 'unreadable multipart slide form');
    throw badRequest(SLIDE_TEXTS.malformedForm);
  }
  return { fields, image: image && image.length > 0 ? image : null };
}
