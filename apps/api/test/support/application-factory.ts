import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Db } from '../../src/db/connection.js';
import type { ApplicationRow, NewApplicationRow } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import type { Storage } from '../../src/plugins/storage/storage.js';

let counter = 0;

/**
 * Inserts one application straight into the database, so tests of the applicant file do not
 * depend on the add route of another module. Every call gets a unique email and passport.
 */
export async function createApplication(
  db: Db,
  overrides: Partial<NewApplicationRow> = {},
  options: { storage?: Storage } = {},
): Promise<ApplicationRow> {
  counter += 1;
  const tag = `${counter}${randomBytes(3).toString('hex')}`;
  const now = new Date().toISOString();
  let imageKey: string | null = null;
  if (options.storage) {
    imageKey = `private/photo-${newId()}.jpg`;
    await options.storage.put(imageKey, await testJpeg(300, 400, '#8899aa'), 'image/jpeg');
  }
  const surname = overrides.surname ?? 'Rahman';
  const givenName = overrides.given_name ?? 'Karim';
  const nationality = overrides.current_nationality ?? 'Bangladeshi';
  const row: NewApplicationRow = {
    id: newId(),
    surname,
    given_name: givenName,
    surname_key: surname.toLowerCase(),
    given_name_key: givenName.toLowerCase(),
    email: `applicant-${tag}@example.com`,
    phone: '8801712345678',
    national_id: `NID${tag}`,
    sex: 'Male',
    dob: '1990-04-15',
    birth_city: 'Dhaka',
    current_nationality: nationality,
    current_nationality_key: nationality.toLowerCase(),
    identification: 'Mole on left cheek',
    company: 'Maple Construction Ltd',
    duty_duration: '2 years',
    job_title: 'Construction',
    salary: 'CAD 3,200 / month',
    passport: `BX${tag.toUpperCase()}`,
    issued_country: 'Bangladesh',
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
  await db.insertInto('applications').values(row).execute();
  return (await db.selectFrom('applications').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) as ApplicationRow;
}

/** A real JPEG of the given size (sharp-encoded), for uploads. */
export async function testJpeg(width = 64, height = 48, background = '#cc3344'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

export async function testPng(width = 64, height = 48, background = '#3344cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The first bytes of a real PDF: what a staff member's "scan.pdf" looks like to a magic-byte check. */
export const testPdf = () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims 30 000 × 30 000 pixels (900 megapixels): a decompression bomb's calling card. */
export function pngClaimingHugeSize(side = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
