import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { ApplicationFormValues } from '@visa/shared/applications';
import type { TestApp } from './support/test-app.js';

let serial = 0;

/** A complete, valid add form whose email and passport nobody else has. */
/** Any field as a person could type it, valid or not. */
export type FieldOverrides = Partial<Record<keyof ApplicationFormValues, string>>;

export function applicationFields(overrides: FieldOverrides = {}): Record<keyof ApplicationFormValues, string> {
  serial += 1;
  const tag = `${Date.now().toString(36)}${serial}${randomBytes(2).toString('hex')}`.toUpperCase();
  return {
    surname: 'Rahman',
    givenN: 'Karim',
    email: `karim.${tag.toLowerCase()}@example.com`,
    phone: '8801712345678',
    nationalId: '1990123456789',
    sex: 'Male',
    dob: '1990-04-12',
    birthCity: 'Dhaka',
    currentN: 'Bangladeshi',
    identification: 'Mole on left cheek',
    company: 'Maple Build Ltd',
    dutyDuration: '2 years',
    jobTitle: 'Electrician',
    salary: 'CAD 3,200 / month',
    passport: `P${tag}`.slice(0, 20),
    issuedCountry: 'Bangladesh',
    ...overrides,
  };
}

export interface FilePart {
  bytes: Buffer;
  name: string;
  type: string;
}

export function multipart(fields: Record<string, string>, image?: FilePart | null, imageField = 'image'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (image) form.append(imageField, new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

/** A photo as a phone takes it: sideways (EXIF orientation 6) with GPS coordinates in its EXIF. */
export async function phonePhoto(width = 2400, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 24/1 0/1' } })
    .toBuffer();
}

export const jpeg = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

export const png = (width = 300, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 160, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();

/** Random noise does not compress, so this PNG really is about `megabytes` large. */
export async function noisyPng(megabytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((megabytes * 1024 * 1024) / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A genuine, valid 30 000 × 30 000 black-and-white PNG: 900 megapixels that compress to about
 * 100 KB — a decompression bomb. Rows go through zlib in batches so the test never holds them all.
 */
export async function pngBomb(side = 30_000): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(1, 8); // bit depth 1
  ihdr.writeUInt8(0, 9); // greyscale
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
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.concat(out)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function addApplication(
  t: TestApp,
  token: string,
  fields: Record<string, string> = applicationFields(),
  image: FilePart | null = null,
) {
  const photo = image ?? { bytes: await jpeg(), name: 'photo.jpg', type: 'image/jpeg' };
  return t.request({ method: 'POST', url: '/api/application/addApplication', token, payload: multipart(fields, photo) });
}

/** Row counts of every table an application request may touch, to prove a refused request changed nothing. */
export async function tableCounts(t: TestApp) {
  const count = async (table: 'applications' | 'application_documents' | 'audit_events') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    applications: await count('applications'),
    documents: await count('application_documents'),
    audit: await count('audit_events'),
  };
}
