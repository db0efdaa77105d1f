import { APPLICATION_MESSAGES } from '@visa/shared/applications';
import { ALLOWED_IMAGE_EXTENSIONS, ALLOWED_IMAGE_MIME, IMAGE_MAX_BYTES_ADD, IMAGE_MAX_BYTES_EDIT } from '@visa/shared/constants';
import { VALIDATION } from '@visa/shared/messages';

/** The browser's view of the type: its declared MIME type and the name's extension must both say JPEG or PNG. */
export function looksLikeAllowedImage(file: File): boolean {
  const dot = file.name.lastIndexOf('.');
  const extensionOk = dot < 0 || (ALLOWED_IMAGE_EXTENSIONS as readonly string[]).includes(file.name.slice(dot + 1).toLowerCase());
  const typeOk = file.type === '' || (ALLOWED_IMAGE_MIME as readonly string[]).includes(file.type);
  return extensionOk && typeOk;
}

/** Add form, spec §5 rules 8 and 9 (then the type, which the server checks by the bytes as well). */
export function addImageMessage(file: File | null): string | undefined {
  if (file && file.size > IMAGE_MAX_BYTES_ADD) return VALIDATION.imageTooLargeAdd;
  if (!file) return APPLICATION_MESSAGES.imageRequired;
  if (!looksLikeAllowedImage(file)) return VALIDATION.imageTypeEdit;
  return undefined;
}

/** Edit form, spec §5: the type first, then at most 2 MB. No file keeps the current photo. */
export function editImageMessage(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!looksLikeAllowedImage(file)) return VALIDATION.imageTypeEdit;
  if (file.size > IMAGE_MAX_BYTES_EDIT) return VALIDATION.imageTooLargeEdit;
  return undefined;
}
