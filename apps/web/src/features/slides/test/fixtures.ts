import sharp from 'sharp';
import type { SlideInput } from '@visa/shared/slides';

/** A real JPEG (a red disc on a blue ground) as the browser's File. */
export async function pictureFile(name = 'slide.jpg', width = 640, height = 320): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#1e3a8a"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#b91c1c"/></svg>`;
  const bytes = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

/** A GIF: refused by the server whatever its name says. */
export async function gifFile(name = 'not-really.jpg'): Promise<File> {
  const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
    .gif()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

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
