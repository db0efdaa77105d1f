import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { ApplicationInputSchema, type ApplicationFormValues } from '@visa/shared/applications';
import type { Db } from '../../src/db/connection.js';
import type { ApplicationRow, NewApplicationRow } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { inputColumns } from '../../src/modules/applications/mapping.js';
import type { Storage } from '../../src/plugins/storage/storage.js';
import type { TestApp } from './test-app.js';

// ---------------------------------------------------------------------------------------------
// One applicant, as a form and as a stored row
// ---------------------------------------------------------------------------------------------

let serial = 0;

/** Any field as a person could type it, valid or not. */
export type FieldOverrides = Partial<Record<keyof ApplicationFormValues, string>>;

/**
 * A complete, valid add form whose email and passport nobody else has. An override left
 * undefined keeps the default.
 */
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
    ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)),
  };
}

/** The applicant whose copy the enquiry tests read back: the values their assertions name. */
export const ENQUIRY_APPLICANT = {
  surname: 'Rahman',
  given_name: 'Ayesha',
  sex: 'Female',
  dob: '1994-03-12',
  company: 'Maple Foods Ltd',
  job_title: 'Cook',
  pending_date: '2026-12-01',
} satisfies Partial<NewApplicationRow>;

/**
 * Inserts one application straight into the database, so tests of the applicant file do not
 * depend on the add route of another module. The columns are the ones the add route writes for
 * `applicationFields()` (unique email and passport); `storage` also stores a photo for it.
 */
export async function createApplication(
  db: Db,
  overrides: Partial<NewApplicationRow> = {},
  options: { storage?: Storage } = {},
): Promise<ApplicationRow> {
  const now = new Date().toISOString();
  let imageKey: string | null = null;
  if (options.storage) {
    imageKey = `private/photo-${newId()}.jpg`;
    await options.storage.put(imageKey, await jpeg(300, 400), 'image/jpeg');
  }
  const row: NewApplicationRow = {
    id: newId(),
    ...inputColumns(ApplicationInputSchema.parse(applicationFields())),
    image_key: imageKey,
    thumb_key: null,
    status: 'pending',
    pending_date: now.slice(0, 10),
    approve_date: null,
    is_admin: 0,
    created_by: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  // The lower-cased search keys follow overridden names, as the add route keeps them.
  row.surname_key = overrides.surname_key ?? row.surname.toLowerCase();
  row.given_name_key = overrides.given_name_key ?? row.given_name.toLowerCase();
  row.current_nationality_key = overrides.current_nationality_key ?? row.current_nationality.toLowerCase();
  await db.insertInto('applications').values(row).execute();
  return (await db.selectFrom('applications').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) as ApplicationRow;
}

// ---------------------------------------------------------------------------------------------
// Through the add route
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Files: photos and documents, good and bad
// ---------------------------------------------------------------------------------------------

export const jpeg = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
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
