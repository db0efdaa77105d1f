import { describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { VALIDATION } from '@visa/shared/ui-texts';
import { addImageMessage, editImageMessage } from './image-rules';

const file = (name: string, type: string, size: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const MB = 1024 * 1024;

describe('photo rules', () => {
  it('add: over 10 MB, then required, then the type', () => {
    expect(addImageMessage(file('a.png', 'image/png', 10 * MB + 1))).toBe(VALIDATION.imageTooLargeAdd);
    expect(addImageMessage(null)).toBe(APPLICATION_TEXTS.imageRequired);
    expect(addImageMessage(file('a.gif', 'image/gif', 10))).toBe(VALIDATION.imageTypeEdit);
    expect(addImageMessage(file('a.png', 'image/png', 10 * MB))).toBeUndefined();
  });

  it('edit: the type (JPEG, JPG, PNG by type and name), then at most 2 MB; no file keeps the photo', () => {
    expect(editImageMessage(null)).toBeUndefined();
    expect(editImageMessage(file('scan.pdf', 'application/pdf', 10))).toBe(VALIDATION.imageTypeEdit);
    expect(editImageMessage(file('photo.pdf', 'image/png', 10))).toBe(VALIDATION.imageTypeEdit);
    expect(editImageMessage(file('a.jpg', 'image/jpeg', 2 * MB + 1))).toBe(VALIDATION.imageTooLargeEdit);
    expect(editImageMessage(file('a.JPEG', 'image/jpeg', 2 * MB))).toBeUndefined();
  });
});
