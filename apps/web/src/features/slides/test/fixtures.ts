import type { SlideInput } from '@visa/shared/slides';
import { jpegFile } from '../../../../test/files';

/** A wide JPEG, the shape a slide's picture has. */
export const pictureFile = (name = 'slide.jpg', width = 640, height = 320) => jpegFile(name, { width, height });

let serial = 0;
export const slideInput = (overrides: Partial<SlideInput> = {}): SlideInput => {
  serial += 1;
  return {
    thumbnail: `Slide ${serial}`,
    title: `Text of slide ${serial}`,
    status: 'Published',
    link: '',
    altText: `Picture of slide ${serial}`,
    ...overrides,
  };
};
