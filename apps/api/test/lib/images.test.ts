import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageDecodeError, ImageTooManyPixelsError, ImageTypeError, preparePhoto, sniffType } from '../../src/lib/images.js';
import { jpeg, pdf, phonePhoto, png, pngBomb } from '@visa/test-support/images';

describe('sniffType', () => {
  it('goes by the bytes only', async () => {
    expect(await sniffType(await png())).toEqual({ mime: 'image/png', ext: 'png' });
    expect(await sniffType(await jpeg())).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(await sniffType(pdf())).toEqual({ mime: 'application/pdf', ext: 'pdf' });
    expect(await sniffType(Buffer.alloc(0))).toBeNull();
    expect(await sniffType(Buffer.from('just text'))).toBeNull();
  });
});

describe('preparePhoto', () => {
  it('applies the orientation, drops EXIF and GPS, caps the longest side and makes a WebP thumbnail', async () => {
    const source = await phonePhoto(3200, 1000);
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const { photo, thumbnail, sourceType } = await preparePhoto(source);
    expect(sourceType).toBe('image/jpeg');
    const meta = await sharp(photo.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(['jpeg', 500, 1600, undefined, undefined]);
    const thumb = await sharp(thumbnail.bytes).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 160, 160]);
  });

  it('does not enlarge small pictures', async () => {
    const { photo } = await preparePhoto(await png(120, 90));
    expect([photo.width, photo.height]).toEqual([120, 90]);
  });

  it('names what is wrong: not an image, a bomb, or a damaged file', async () => {
    await expect(preparePhoto(pdf())).rejects.toBeInstanceOf(ImageTypeError);
    await expect(preparePhoto(Buffer.alloc(0))).rejects.toBeInstanceOf(ImageTypeError);
    await expect(preparePhoto(await pngBomb())).rejects.toBeInstanceOf(ImageTooManyPixelsError);
    const whole = await jpeg(800, 600);
    await expect(preparePhoto(whole.subarray(0, whole.length >> 1))).rejects.toBeInstanceOf(ImageDecodeError);
    const header = (await png()).subarray(0, 40);
    await expect(preparePhoto(header)).rejects.toBeInstanceOf(ImageDecodeError);
  });

  it('reads the bomb header as 30 000 × 30 000 (the fixture is what it claims)', async () => {
    const meta = await sharp(await pngBomb(), { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([30_000, 30_000, 'png']);
  });
});
