import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress } from './compression.js';

describe('compress', () => {
  it('gives brotli and gzip forms that decompress to the same bytes, smaller than the page', async () => {
    const page = Buffer.from('<!DOCTYPE html><html><body>' + '<p>Canada Visa Desk</p>'.repeat(200) + '</body></html>');
    const { br, gzip } = await compress(page);
    expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);
    expect(zlib.gunzipSync(gzip).equals(page)).toBe(true);
    expect(br.length).toBeLessThan(page.length);
    expect(gzip.length).toBeLessThan(page.length);
  });
});
