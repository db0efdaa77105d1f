import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { IMAGE_MAX_BYTES_ADD, IMAGE_MAX_BYTES_EDIT } from '@visa/shared/constants';
import { VALIDATION } from '@visa/shared/ui-texts';
import { looksLikeAllowedImage } from '../../../lib/image-rules';

/** Add form: the size, then a photo at all, then the type (which the server checks by the bytes as well). */
export function addImageMessage(file: File | null): string | undefined {
  if (file && file.size > IMAGE_MAX_BYTES_ADD) return VALIDATION.imageTooLargeAdd;
  if (!file) return APPLICATION_TEXTS.imageRequired;
  if (!looksLikeAllowedImage(file)) return VALIDATION.imageTypeEdit;
  return undefined;
}

/** Edit form: the type first, then at most 2 MB. No file keeps the current photo. */
export function editImageMessage(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!looksLikeAllowedImage(file)) return VALIDATION.imageTypeEdit;
  if (file.size > IMAGE_MAX_BYTES_EDIT) return VALIDATION.imageTooLargeEdit;
  return undefined;
}
