import type { Metadata } from 'sharp';
import { IMAGE_MAX_PIXELS } from '@visa/shared/constants';
import { SLIDE_IMAGE_WIDTHS } from '@visa/shared/slides';
import { ImageDecodeError, isAllowedImage, loadSharp, makeVariants, sniffType } from '../../../lib/images.js';

/** The bytes are not a JPEG or PNG, whatever the file name or declared type says. */
export class SlideImageTypeError extends Error {}
/** More pixels than IMAGE_MAX_PIXELS (read from the header, before anything is decoded). */
export class SlideImageTooManyPixelsError extends Error {}

type VariantType = 'image/avif' | 'image/webp' | 'image/jpeg';

export interface SlideVariant {
  bytes: Buffer;
  type: VariantType;
  ext: 'avif' | 'webp' | 'jpg';
  width: number;
  height: number;
}

// Effort 1: the add form gives the whole upload 5 s (docs/product.md#limits), and a higher effort
// took much longer on a large photo for files barely smaller (figures in ADR 0011).
const AVIF = { quality: 50, effort: 1 } as const;

/**
 * Makes the responsive files of a slide: AVIF and WebP at each width of SLIDE_IMAGE_WIDTHS (never
 * enlarged, so a small picture yields fewer widths) and one JPEG at the largest width for browsers
 * without either. The upload is decoded once, turned upright and shrunk to the largest width; the
 * variants are made from that lossless copy, so a 12-megapixel PNG is not decoded nine times.
 * Throws SlideImageTypeError, SlideImageTooManyPixelsError or ImageDecodeError.
 */
export async function makeSlideVariants(upload: Buffer): Promise<SlideVariant[]> {
  const type = await sniffType(upload);
  if (!type || !isAllowedImage(type.mime)) throw new SlideImageTypeError(type?.mime ?? 'unknown');

  const sharp = await loadSharp();
  let header: Metadata;
  try {
    header = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new ImageDecodeError((err as Error).message);
  }
  if (!header.width || !header.height) throw new ImageDecodeError('image has no dimensions');
  if (header.width * header.height > IMAGE_MAX_PIXELS) throw new SlideImageTooManyPixelsError(`${header.width}x${header.height}`);

  const widths = [...SLIDE_IMAGE_WIDTHS];
  const largest = widths[widths.length - 1]!;
  let master: Buffer;
  try {
    master = await sharp(upload, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .png({ compressionLevel: 0 })
      .toBuffer();
  } catch (err) {
    throw new ImageDecodeError((err as Error).message);
  }

  // makeVariants (lib/images.ts) gives the WebP widths and the JPEG fallback; AVIF is added here.
  const webpAndJpeg = await makeVariants(master, widths);
  const avif: SlideVariant[] = [];
  try {
    for (const width of widths) {
      const { data, info } = await sharp(master)
        .resize({ width, withoutEnlargement: true })
        .avif(AVIF)
        .toBuffer({ resolveWithObject: true });
      avif.push({ bytes: data, type: 'image/avif', ext: 'avif', width: info.width, height: info.height });
    }
  } catch (err) {
    throw new ImageDecodeError((err as Error).message);
  }

  const all: SlideVariant[] = [
    ...avif,
    ...webpAndJpeg.map((v) => ({ bytes: v.bytes, type: v.contentType, ext: v.ext, width: v.width, height: v.height })),
  ];
  // A picture narrower than some widths yields the same file several times; keep one per type and width.
  const seen = new Set<string>();
  return all.filter((v) => {
    const key = `${v.type}:${v.width}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
