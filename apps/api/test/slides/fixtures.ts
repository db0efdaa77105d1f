import path from 'node:path';
import sharp from 'sharp';
import type { Slide } from '@visa/shared/slides';
import { type TestApp, listFiles } from '@visa/test-support/test-app';

export interface FilePart {
  bytes: Buffer;
  name: string;
  type: string;
}

/** Valid add-form fields; override any of them. */
export const slideFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  thumbnail: 'Work in Canada',
  title: 'Construction, care and hospitality jobs with an LMIA.',
  status: 'Published',
  link: 'https://example.com/work',
  altText: 'Workers on a building site in Toronto',
  ...overrides,
});

export function slideForm(fields: Record<string, string>, files: { field?: string; file: FilePart }[] = []): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const { field = 'image', file } of files) {
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  return form;
}

/** A picture with some detail (so encoders have work to do), as a JPEG or PNG. */
export async function picture(width = 1800, height = 1000, format: 'jpeg' | 'png' = 'jpeg'): Promise<FilePart> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#b91c1c"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  const bytes = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
  return { bytes, name: format === 'png' ? 'slide.png' : 'slide.jpg', type: `image/${format}` };
}

/** Taken sideways: EXIF orientation 6 means the stored pixels must be turned upright. */
export async function sidewaysPhoto(width = 1200, height = 800): Promise<FilePart> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return { bytes, name: 'phone.jpg', type: 'image/jpeg' };
}

export async function gif(): Promise<FilePart> {
  const bytes = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
    .gif()
    .toBuffer();
  // Named and declared as a JPEG: only the bytes tell the truth.
  return { bytes, name: 'photo.jpg', type: 'image/jpeg' };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A small PNG whose header claims width × height pixels: a decompression bomb in miniature. */
export async function pngClaiming(width: number, height: number): Promise<FilePart> {
  const bytes = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer(),
  );
  // IHDR data starts after the 8-byte signature, 4-byte length and 4-byte type.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return { bytes, name: 'huge.png', type: 'image/png' };
}

export async function addSlide(t: TestApp, token: string, fields: Record<string, string> = {}, file?: FilePart): Promise<Slide> {
  const res = await t.request({
    method: 'POST',
    url: '/api/slider/addSlider',
    token,
    payload: slideForm(slideFields(fields), [{ file: file ?? (await picture(800, 400)) }]),
  });
  if (res.statusCode !== 201) throw new Error(`addSlider answered ${res.statusCode}: ${res.body}`);
  return res.json() as Slide;
}

/** The public files on disk right now (slide images live under uploads/public). */
export const publicFiles = (t: TestApp) => listFiles(path.join(t.dataDir, 'uploads', 'public'));

export const slideCount = async (t: TestApp) => {
  const row = await t.db
    .selectFrom('slides')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
