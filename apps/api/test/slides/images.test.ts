import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SLIDE_IMAGE_MAX_BYTES } from '@visa/shared/constants';
import { SLIDE, VALIDATION } from '@visa/shared/ui-texts';
import { SLIDE_TEXTS, type Slide } from '@visa/shared/slides';
import {
  type FilePart,
  addSlide,
  gif,
  picture,
  pngClaiming,
  publicFiles,
  sidewaysPhoto,
  slideCount,
  slideFields,
  slideForm,
} from './fixtures.js';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();
let token: string;
beforeAll(async () => {
  token = (await t.createStaff('admin')).token;
});

const add = (files: { field?: string; file: FilePart }[], fields = slideFields()) =>
  t.request({ method: 'POST', url: '/api/slider/addSlider', token, payload: slideForm(fields, files) });
const replaceImage = (id: string, files: { field?: string; file: FilePart }[]) =>
  t.request({ method: 'PUT', url: `/api/slider/updateSliderImage/${id}`, token, payload: slideForm({}, files) });
const media = (url: string) => t.request({ method: 'GET', url });

describe('slide pictures', () => {
  it('are stored as AVIF and WebP at each width up to the picture size, plus one JPEG, all public and cached for a year', async () => {
    const res = await add([{ file: await picture(1800, 900, 'png') }]);
    expect(res.statusCode).toBe(201);
    const slide = res.json() as Slide;
    const byType = (type: string) => slide.imageSet.filter((s) => s.type === type).map((s) => s.width);
    expect(byType('image/avif')).toEqual([320, 640, 1024, 1600]);
    expect(byType('image/webp')).toEqual([320, 640, 1024, 1600]);
    expect(byType('image/jpeg')).toEqual([1600]);
    expect(slide.image).toBe(slide.imageSet.find((s) => s.type === 'image/jpeg')!.url);
    for (const source of slide.imageSet) {
      expect(source.height).toBe(Math.round(source.width / 2));
      const file = await media(source.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(source.type);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.width).toBe(source.width);
      expect({ avif: 'heif', webp: 'webp', jpeg: 'jpeg' }[source.type.slice(6)]).toBe(meta.format);
    }
  });

  it('are never enlarged: a small picture gives fewer widths', async () => {
    const slide = (await add([{ file: await picture(500, 250) }])).json() as Slide;
    expect(slide.imageSet.filter((s) => s.type === 'image/webp').map((s) => s.width)).toEqual([320, 500]);
    expect(slide.imageSet.filter((s) => s.type === 'image/jpeg').map((s) => s.width)).toEqual([500]);
  });

  it('are turned upright and keep no camera metadata', async () => {
    const slide = (await add([{ file: await sidewaysPhoto(1200, 800) }])).json() as Slide;
    const jpeg = slide.imageSet.find((s) => s.type === 'image/jpeg')!;
    expect([jpeg.width, jpeg.height]).toEqual([800, 1200]);
    const meta = await sharp((await media(jpeg.url)).rawPayload).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });
});

describe('byte checks and limits on upload', () => {
  async function expectRefused(
    res: Awaited<ReturnType<typeof add>>,
    status: number,
    message: string,
    before: { count: number; files: string[] },
  ) {
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await slideCount(t)).toBe(before.count);
    expect(publicFiles(t)).toEqual(before.files);
  }
  const snapshot = async () => ({ count: await slideCount(t), files: publicFiles(t) });

  it('refuses a GIF named and declared as a JPEG with 415', async () => {
    await expectRefused(await add([{ file: await gif() }]), 415, VALIDATION.imageTypeEdit, await snapshot());
  });

  it('refuses text pretending to be a JPEG with 415', async () => {
    const fake = { bytes: Buffer.from('<?php echo "hi"; ?>'), name: 'photo.jpg', type: 'image/jpeg' };
    await expectRefused(await add([{ file: fake }]), 415, VALIDATION.imageTypeEdit, await snapshot());
  });

  it('refuses a file over 10 MB with 413 and the required message', async () => {
    const real = await picture(400, 200);
    const big = { ...real, bytes: Buffer.concat([real.bytes, Buffer.alloc(SLIDE_IMAGE_MAX_BYTES - real.bytes.length + 1)]) };
    await expectRefused(await add([{ file: big }]), 413, VALIDATION.imageTooLargeAdd, await snapshot());
  });

  it('accepts a file of exactly 10 MB', async () => {
    const real = await picture(400, 200);
    // Trailing bytes after the JPEG end marker are ignored by decoders; the size is what is tested.
    const exact = { ...real, bytes: Buffer.concat([real.bytes, Buffer.alloc(SLIDE_IMAGE_MAX_BYTES - real.bytes.length)]) };
    expect(exact.bytes.length).toBe(SLIDE_IMAGE_MAX_BYTES);
    expect((await add([{ file: exact }])).statusCode).toBe(201);
  });

  it('refuses a picture claiming more than 40 megapixels with 413 before decoding it', async () => {
    await expectRefused(await add([{ file: await pngClaiming(10_000, 5_000) }]), 413, SLIDE_TEXTS.imageTooManyPixels, await snapshot());
  });

  it('refuses a truncated JPEG with 400', async () => {
    const real = await picture(1200, 600);
    const cut = { ...real, bytes: real.bytes.subarray(0, Math.floor(real.bytes.length / 2)) };
    await expectRefused(await add([{ file: cut }]), 400, SLIDE_TEXTS.imageUnreadable, await snapshot());
  });

  it('refuses two images, or an image under another field name, with 400', async () => {
    const file = await picture(400, 200);
    await expectRefused(await add([{ file }, { file }]), 400, SLIDE_TEXTS.oneImageOnly, await snapshot());
    await expectRefused(await add([{ field: 'photo', file }]), 400, SLIDE_TEXTS.oneImageOnly, await snapshot());
  });
});

describe('updateSliderImage', () => {
  it('swaps in the new picture and removes every old file', async () => {
    const slide = await addSlide(t, token);
    const oldFiles = publicFiles(t).filter((f) => f.startsWith(`slide-${slide._id}-`));
    const res = await replaceImage(slide._id, [{ file: await picture(1000, 500, 'png') }]);
    expect(res.statusCode).toBe(200);
    const updated = res.json() as Slide;
    expect(updated).toMatchObject({ _id: slide._id, thumbnail: slide.thumbnail, position: slide.position });
    expect(updated.image).not.toBe(slide.image);
    const newFiles = publicFiles(t).filter((f) => f.startsWith(`slide-${slide._id}-`));
    expect(newFiles.some((f) => oldFiles.includes(f))).toBe(false);
    expect(newFiles).toHaveLength(updated.imageSet.length);
    expect((await media(slide.image!)).statusCode).toBe(404);
    expect((await media(updated.image!)).statusCode).toBe(200);
  });

  it('keeps the old picture when the new one is refused', async () => {
    const slide = await addSlide(t, token);
    const files = publicFiles(t);
    const res = await replaceImage(slide._id, [{ file: await gif() }]);
    expect(res.statusCode).toBe(415);
    expect(publicFiles(t)).toEqual(files);
    expect((await media(slide.image!)).statusCode).toBe(200);
  });

  it('answers 404 "Resource not found" for an unknown slide without storing anything, and 400 without an image', async () => {
    const files = publicFiles(t);
    const unknown = await replaceImage('ffffffffffffffffffffffff', [{ file: await picture(400, 200) }]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SLIDE.notFound });
    expect(publicFiles(t)).toEqual(files);
    const slide = await addSlide(t, token);
    const empty = await replaceImage(slide._id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SLIDE_TEXTS.imageRequired);
  });
});
