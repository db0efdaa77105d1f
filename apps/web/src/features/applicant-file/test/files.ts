import sharp from 'sharp';

/** A real JPEG as the browser's File. */
export async function jpegFile(name = 'job-letter.jpg', width = 120, height = 90): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#2255aa' } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

/** A real PNG the browser did not recognise (no declared type): accepted, the bytes decide. */
export async function pngFile(name = 'lmia.png', type = 'image/png'): Promise<File> {
  const bytes = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#22aa55' } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type });
}

export const pdfFile = (name = 'scan.pdf', type = 'application/pdf') =>
  new File([new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')], name, { type });

/** A JPEG header followed by zeros: `size` bytes in all, enough for the size rule. */
export const bigJpegFile = (size: number, name = 'huge.jpg') => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type: 'image/jpeg' });
};
