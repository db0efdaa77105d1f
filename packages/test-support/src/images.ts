import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** Photos and documents, good and bad, as people and attackers send them. */

export const jpeg = (width = 400, height = 300, background: string | { r: number; g: number; b: number } = { r: 30, g: 90, b: 160 }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

export const png = (width = 300, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 160, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();

/** The first bytes of a real PDF: what a staff member's "scan.pdf" looks like to a magic-byte check. */
export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A photo as a phone takes it: sideways (EXIF orientation 6) with GPS coordinates in its EXIF. */
export async function phonePhoto(width = 2400, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 24/1 0/1' } })
    .toBuffer();
}

/** Random noise does not compress, so this PNG really is about `megabytes` large. */
export async function noisyPng(megabytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((megabytes * 1024 * 1024) / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pngHeader(side: number, bitDepth: number, colourType: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(bitDepth, 8);
  ihdr.writeUInt8(colourType, 9);
  return pngChunk('IHDR', ihdr);
}

/**
 * A genuine, valid 30 000 × 30 000 black-and-white PNG: 900 megapixels that compress to about
 * 100 KB — a decompression bomb. Rows go through zlib in batches so the test never holds them all.
 */
export async function pngBomb(side = 30_000): Promise<Buffer> {
  // Each row is a filter byte (0) and all-black pixels: zeros, so one zeroed batch serves every row.
  const batchRows = 1000;
  const batch = Buffer.alloc((1 + Math.ceil(side / 8)) * batchRows);
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let written = 0; written < side; written += batchRows) {
    if (!deflate.write(batch)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  // Bit depth 1, greyscale.
  return Buffer.concat([PNG_SIGNATURE, pngHeader(side, 1, 0), pngChunk('IDAT', Buffer.concat(out)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A PNG whose header claims 30 000 × 30 000 pixels (900 megapixels): a decompression bomb's calling card. */
export function pngClaimingHugeSize(side = 30_000): Buffer {
  // Bit depth 8, truecolour; the pixel data is far too short for that size.
  return Buffer.concat([
    PNG_SIGNATURE,
    pngHeader(side, 8, 2),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A 12 MB-plus photo as a phone camera takes it: 6000 × 4000 pixels of noise (which JPEG cannot
 * squeeze) stored sideways with EXIF orientation 6, so it shows 4000 wide and 6000 tall. The
 * first third of the stored pixels is solid red: upright, that is the top of the picture, so where
 * the red ends up tells whether the orientation was applied.
 */
export async function cameraPhoto(width = 6000, height = 4000): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  const redColumns = Math.floor(width / 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < redColumns; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = 230;
      pixels[at + 1] = 20;
      pixels[at + 2] = 20;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A stored picture's size, EXIF orientation (if any) and the mean colour of its top and bottom tenth. */
export async function describePicture(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const band = Math.max(1, Math.floor(height / 10));
  const mean = async (top: number) => {
    // stats() reads the whole input, whatever was asked before it: cut the band out first.
    const cut = await sharp(bytes).extract({ left: 0, top, width, height: band }).png().toBuffer();
    const { channels } = await sharp(cut).stats();
    const [r, g, b] = channels.map((c) => Math.round(c.mean));
    return { r: r ?? 0, g: g ?? 0, b: b ?? 0 };
  };
  return { width, height, orientation: meta.orientation, top: await mean(0), bottom: await mean(height - band) };
}
