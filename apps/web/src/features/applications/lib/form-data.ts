import { APPLICATION_FIELDS, type ApplicationInput, type ApplicationUpdate } from '@visa/shared/applications';
import type { NotifyChannel } from '@visa/shared/notice-channels';

/**
 * The multipart body of add and edit: every field by its API name (docs/product.md#data), the
 * channels the applicant agreed to when known (ADR 0044), then the image.
 */
export function toFormData(input: ApplicationInput | ApplicationUpdate, image: File | null, notify?: NotifyChannel[]): FormData {
  const form = new FormData();
  for (const field of APPLICATION_FIELDS) {
    const value = input[field];
    if (value !== undefined) form.append(field, value);
  }
  if (notify) form.append('notify', notify.join(','));
  if (image) form.append('image', image, image.name);
  return form;
}
