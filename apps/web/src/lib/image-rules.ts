import { ALLOWED_IMAGE_EXTENSIONS, ALLOWED_IMAGE_MIME } from '@visa/shared/constants';

/**
 * Whether a picked picture (an applicant's photo, a slide) is of a type the server takes, as far
 * as the browser can tell: its declared type and its name's extension must both say JPEG or PNG.
 * The server decides by the bytes.
 */
export function looksLikeAllowedImage(file: File): boolean {
  const dot = file.name.lastIndexOf('.');
  const extensionOk = dot < 0 || (ALLOWED_IMAGE_EXTENSIONS as readonly string[]).includes(file.name.slice(dot + 1).toLowerCase());
  const typeOk = file.type === '' || (ALLOWED_IMAGE_MIME as readonly string[]).includes(file.type);
  return extensionOk && typeOk;
}
