import { describe, expect, it } from 'vitest';
import { MAX_LONG_EDGE, fitWithin, jpegName, prepareImage } from './downscale';

describe('fitWithin', () => {
  it('brings a camera photo down to 2000 px on its long edge, proportions kept', () => {
    expect(fitWithin(6000, 4000)).toEqual({ width: 2000, height: 1333 });
    expect(fitWithin(4000, 6000)).toEqual({ width: 1333, height: 2000 });
    expect(fitWithin(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1500, height: 2000 });
  });

  it('leaves a picture at or under the limit as it is and never enlarges', () => {
    expect(fitWithin(2000, 1000)).toEqual({ width: 2000, height: 1000 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(1, 1)).toEqual({ width: 1, height: 1 });
  });

  it('keeps the long edge exactly at the limit and a sliver at least 1 px', () => {
    for (const [w, h] of [
      [2001, 2001],
      [7777, 3],
      [3, 7777],
      [5999, 4001],
    ] as const) {
      const fitted = fitWithin(w, h);
      expect(Math.max(fitted.width, fitted.height)).toBe(MAX_LONG_EDGE);
      expect(Math.min(fitted.width, fitted.height)).toBeGreaterThanOrEqual(1);
    }
    expect(fitWithin(100_000, 10)).toEqual({ width: 2000, height: 1 });
  });

  it('takes another limit', () => {
    expect(fitWithin(1000, 500, 100)).toEqual({ width: 100, height: 50 });
  });
});

describe('jpegName', () => {
  it('keeps a JPEG name and gives anything else the .jpg extension', () => {
    expect(jpegName('IMG_0042.JPG')).toBe('IMG_0042.JPG');
    expect(jpegName('photo.jpeg')).toBe('photo.jpeg');
    expect(jpegName('scan.png')).toBe('scan.jpg');
    expect(jpegName('passport.page.PNG')).toBe('passport.page.jpg');
    expect(jpegName('camera')).toBe('camera.jpg');
    expect(jpegName('.png')).toBe('.png.jpg');
    expect(jpegName('')).toBe('picture.jpg');
  });
});

describe('prepareImage', () => {
  it('sends the chosen file itself where the browser cannot decode pictures (the limits then speak)', async () => {
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'a.jpg', { type: 'image/jpeg' });
    expect(await prepareImage(file, 10)).toBe(file);
    const pdf = new File(['%PDF-1.4'], 'scan.jpg', { type: 'image/jpeg' });
    expect(await prepareImage(pdf, 1)).toBe(pdf);
  });
});
