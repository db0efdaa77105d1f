import type Sharp from 'sharp';
import { IMAGE_LONGEST_SIDE, IMAGE_MAX_PIXELS, THUMBNAIL_SIDE } from '@visa/shared/constants';
import { onFirstUse } from './on-first-use.js';

/** sharp (with libvips) and file-type, loaded on first use (ADR 0074). */
export const loadSharp = onFirstUse(async () => (await import('sharp')).default);
const loadFileType = onFirstUse(() => import('file-type'));

export type ImageMime = 'image/jpeg' | 'image/png';

/** What the bytes say the file is (magic numbers), whatever its name or declared type claims. */
export async function sniffType(bytes: Buffer): Promise<{ mime: string; ext: string } | null> {
  if (bytes.length === 0) return null;
  const type = await (await loadFileType()).fileTypeFromBuffer(bytes);
  return type ? { mime: type.mime, ext: type.ext } : null;
}

export const isAllowedImage = (mime: string | undefined): mime is ImageMime => mime === 'image/jpeg' || mime === 'image/png';

export class ImageDecodeError extends Error {}

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
  ext: 'jpg' | 'webp';
  width: number;
  height: number;
}

const decoder = (sharp: typeof Sharp, bytes: Buffer) =>
  // limitInputPixels refuses decompression bombs before any pixel is decoded; failOn 'warning'
  // refuses truncated or corrupt files instead of storing half a picture.
  sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' });

/**
 * Re-encodes an uploaded photo: orientation applied, all metadata (EXIF, GPS) dropped, the
 * longest side capped. Throws ImageDecodeError for anything that is not a sound image.
 */
async function reencodePhoto(bytes: Buffer, longestSide = IMAGE_LONGEST_SIDE): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await decoder(sharp, bytes)
      .rotate()
      .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', ext: 'jpg', width: info.width, height: info.height };
  } catch (err) {
    throw new ImageDecodeError((err as Error).message);
  }
}

/** A small square WebP for lists. */
async function makeThumbnail(bytes: Buffer, side = THUMBNAIL_SIDE): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await decoder(sharp, bytes)
      .rotate()
      .resize({ width: side, height: side, fit: 'cover' })
      .webp({ quality: 70 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', ext: 'webp', width: info.width, height: info.height };
  } catch (err) {
    throw new ImageDecodeError((err as Error).message);
  }
}

/** Resized variants for responsive `srcset` (slides): WebP at each width plus a JPEG fallback. */
export async function makeVariants(bytes: Buffer, widths: number[]): Promise<(ProcessedImage & { width: number })[]> {
  const sharp = await loadSharp();
  try {
    const out: (ProcessedImage & { width: number })[] = [];
    for (const width of widths) {
      const base = decoder(sharp, bytes).rotate().resize({ width, withoutEnlargement: true });
      const webp = await base.clone().webp({ quality: 72 }).toBuffer({ resolveWithObject: true });
      out.push({ bytes: webp.data, contentType: 'image/webp', ext: 'webp', width: webp.info.width, height: webp.info.height });
    }
    const largest = widths[widths.length - 1] ?? IMAGE_LONGEST_SIDE;
    const jpeg = await decoder(sharp, bytes)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    out.push({ bytes: jpeg.data, contentType: 'image/jpeg', ext: 'jpg', width: jpeg.info.width, height: jpeg.info.height });
    return out;
  } catch (err) {
    throw new ImageDecodeError((err as Error).message);
  }
}

/** The bytes are not a JPEG or PNG, whatever the file name or declared type says. */
export class ImageTypeError extends Error {}
/** The header promises more pixels than IMAGE_MAX_PIXELS: a decompression bomb or an absurd scan. */
export class ImageTooManyPixelsError extends Error {}

export interface PreparedPhoto {
  photo: ProcessedImage;
  thumbnail: ProcessedImage;
  sourceType: ImageMime;
}

/**
 * Everything an uploaded applicant photo goes through before it is stored: the type is taken
 * from the magic bytes, the pixel count from the header (before any decoding), then the photo
 * is re-encoded and a list thumbnail is made from the re-encoded copy (smaller, already upright).
 */
export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  const type = await sniffType(bytes);
  if (!type || !isAllowedImage(type.mime)) throw new ImageTypeError(type?.mime ?? 'unknown');
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reading the header only; the pixel limit is checked by us so the answer can say why.
    const sharp = await loadSharp();
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch (err) {
    throw new ImageDecodeError((err as Error).message);
  }
  if (!width || !height) throw new ImageDecodeError('image has no dimensions');
  if (width * height > IMAGE_MAX_PIXELS) throw new ImageTooManyPixelsError(`${width}x${height}`);
  const photo = await reencodePhoto(bytes);
  const thumbnail = await makeThumbnail(photo.bytes);
  return { photo, thumbnail, sourceType: type.mime };
}
