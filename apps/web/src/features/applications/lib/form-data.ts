import { APPLICATION_FIELDS, type ApplicationInput, type ApplicationUpdate } from '@visa/shared/applications';

/** The multipart body of add and edit: every field by its API name (docs/product.md#data), then the image. */
export function toFormData(input: ApplicationInput | ApplicationUpdate, image: File | null): FormData {
  const form = new FormData();
  for (const field of APPLICATION_FIELDS) {
    const value = input[field];
    if (value !== undefined) form.append(field, value);
  }
  if (image) form.append('image', image, image.name);
  return form;
}
