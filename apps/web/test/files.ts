import sharp from 'sharp';
import { jpeg, pdf, png } from '@visa/test-support/images';

/*
 * Real files as the browser's File, for the photo, document and slide pickers. The bytes are made
 * by the API's own test helpers, so both sides test with the same pictures.
 */

const asFile = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** A real JPEG; `type` is what the browser claims, which the bytes need not agree with. */
export async function jpegFile(name = 'photo.jpg', { width = 320, height = 240, type = 'image/jpeg' } = {}): Promise<File> {
  return asFile(await jpeg(width, height), name, type);
}

/** A real PNG; an empty `type` is a file the browser did not recognise (the bytes decide). */
export async function pngFile(name = 'picture.png', type = 'image/png'): Promise<File> {
  return asFile(await png(80, 80), name, type);
}

/** A GIF: refused by the server whatever its name says. */
export async function gifFile(name = 'not-really.jpg'): Promise<File> {
  const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
    .gif()
    .toBuffer();
  return asFile(bytes, name, 'image/jpeg');
}

export const pdfFile = (name = 'scan.pdf', type = 'application/pdf') => asFile(pdf(), name, type);

/** A JPEG header followed by zeros: `size` bytes in all, enough for a size rule. */
export const bigJpegFile = (size: number, name = 'huge.jpg') => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type: 'image/jpeg' });
};
