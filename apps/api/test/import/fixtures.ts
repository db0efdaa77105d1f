import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { BSON, EJSON, ObjectId } from 'bson';
import type { Config } from '../../src/config.js';
import type { Db } from '../../src/db/connection.js';
import { type ImportIo, runImportCommand } from '../../src/modules/operations/import/cli.js';
import { cliEnv } from '@visa/test-support/processes';

/**
 * The earlier app's data as its MongoDB held it, with the odd values real offices have: phone
 * numbers stored as numbers (the leading 0 or the + lost), statuses in any case, dates of birth as
 * dates, countries typed freely, placeholders for missing photos, records missing a field.
 */

const at = (iso: string) => new Date(iso);
const oid = (n: number) => new ObjectId(`65a1b2c3d4e5f6a7b8c9${n.toString(16).padStart(4, '0')}`);

export const IDS = {
  approved: oid(1).toHexString(),
  rejected: oid(2).toHexString(),
  shortPhone: oid(3).toHexString(),
  weirdStatus: oid(4).toHexString(),
  noGivenName: oid(5).toHexString(),
  sameEmail: oid(6).toHexString(),
  takenPassport: oid(7).toHexString(),
  localPhoto: oid(8).toHexString(),
  user: oid(11).toHexString(),
  ownerEmail: oid(12).toHexString(),
  slide: oid(21).toHexString(),
  hiddenSlide: oid(22).toHexString(),
};

/** The earlier app's bcrypt (cost 10) of this password, as its user model stored it. */
export const EARLIER_PASSWORD = 'an old password';
const earlierHash = bcrypt.hashSync(EARLIER_PASSWORD, 10);

function application(n: number, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    _id: oid(n),
    surname: 'Rahman',
    givenN: `Karim${'abcdefghij'[n % 10]}`,
    email: `karim${n}@example.com`,
    phone: 1712345600 + n,
    nationalId: `19901234567${n}`,
    sex: 'Male',
    dob: at('1990-05-01T00:00:00.000Z'),
    birthCity: 'Dhaka',
    currentN: 'Bangladeshi',
    identification: 'A mole on the left cheek',
    company: 'Maple Logistics Inc.',
    dutyDuration: '2 years',
    jobTitle: 'Driving',
    salary: 'CAD 3,200 / month',
    image: 'default.png',
    imagePublicId: '',
    file1: 'default.png',
    file1PublicId: '',
    file2: 'default.png',
    passport: `BX10000${n}`,
    issuedCountry: 'Bangladesh',
    isStatus: 'pending',
    isAdmin: true,
    pending: '2024-01-02',
    approve: '',
    createdAt: at('2024-01-02T08:00:00.000Z'),
    updatedAt: at('2024-01-03T08:00:00.000Z'),
    __v: 0,
    ...fields,
  };
}

/** Many valid applications of the earlier app, written one per line: for runs long enough to be stopped. */
export function writeManyApplications(dir: string, count: number): string {
  const lines: string[] = [];
  for (let n = 0; n < count; n++) {
    const id = new ObjectId(`75a1b2c3d4e5f6a7${n.toString(16).padStart(8, '0')}`);
    // Bengali text: multi-byte characters fall on the reader's chunk boundaries somewhere in the file.
    const fields = { _id: id, email: `many${n}@example.com`, passport: `MX${String(n).padStart(8, '0')}`, birthCity: 'ঢাকা' };
    lines.push(EJSON.stringify(application(n, fields)));
  }
  fs.writeFileSync(path.join(dir, 'applications.json'), lines.join('\n') + '\n');
  return dir;
}

/**
 * Where the earlier app's files are served from: by default a loopback port nothing listens on,
 * which the files step refuses as a private address, so no test reaches past this machine.
 */
const UNREACHABLE_FILES = 'http://127.0.0.1:9/earlier';

/** `existingEmail` and `existingPassport` belong to an application already in the product. */
export function earlierApplications(
  existing: { email: string; passport: string },
  filesBase = UNREACHABLE_FILES,
): Record<string, unknown>[] {
  const withoutGivenName = application(5, {});
  delete withoutGivenName.givenN;
  return [
    application(1, {
      phone: 1712345678,
      currentN: 'bangladeshi',
      isStatus: 'APPROVE',
      approve: '2024-03-05',
      image: `${filesBase}/photo1.jpg`,
      file1: `${filesBase}/visa1.jpg`,
      // Dhaka's midnight of the day typed, as a browser there sent it.
      dob: at('1991-07-14T18:00:00.000Z'),
    }),
    application(2, { phone: 8801712345679, currentN: 'Bangla Desh', issuedCountry: 'BGD', isStatus: 'Reject', jobTitle: 'cook' }),
    application(3, { phone: 12345, currentN: 'Wakandan', isStatus: 'pending', surname: 'Al' }),
    application(4, { isStatus: 'weird' }),
    withoutGivenName,
    application(6, { email: 'KARIM1@example.com' }),
    application(7, { passport: existing.passport.toLowerCase() }),
    // Braces, brackets, quotes and a backslash inside a value: the mongoexport reader must not take them for the document's end.
    application(8, { image: 'uploads/photo8.jpg', file3: '', identification: 'Scar {left} [2 cm], "faint" \\ old' }),
  ];
}

export function earlierUsers(ownerEmail: string): Record<string, unknown>[] {
  return [
    {
      _id: new ObjectId(IDS.user),
      name: 'Old Clerk',
      email: 'clerk@example.com',
      password: earlierHash,
      createdAt: at('2023-06-01T10:00:00Z'),
      updatedAt: at('2023-06-01T10:00:00Z'),
    },
    {
      _id: new ObjectId(IDS.ownerEmail),
      name: 'Owner twin',
      email: ownerEmail.toUpperCase(),
      password: earlierHash,
      createdAt: at('2023-06-01T10:00:00Z'),
      updatedAt: at('2023-06-01T10:00:00Z'),
    },
  ];
}

export const earlierSliders = (): Record<string, unknown>[] => [
  {
    _id: new ObjectId(IDS.slide),
    thumbnail: 'Work in Canada',
    title: 'Apply for a work permit',
    image: `${UNREACHABLE_FILES}/slide.jpg`,
    imagePublicId: 'slide',
    status: 'active',
    createdAt: at('2023-07-01T10:00:00Z'),
    updatedAt: at('2023-07-02T10:00:00Z'),
  },
  {
    _id: new ObjectId(IDS.hiddenSlide),
    thumbnail: 'Old offer',
    title: 'No longer shown',
    image: 'default.png',
    status: 'Inactive',
    createdAt: at('2023-07-01T10:00:00Z'),
    updatedAt: at('2023-07-01T10:00:00Z'),
  },
];

export interface Collections {
  applications?: Record<string, unknown>[];
  users?: Record<string, unknown>[];
  sliders?: Record<string, unknown>[];
}

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

export function subdir(parent: string, name: string): string {
  const dir = path.join(parent, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** mongoexport --jsonArray in relaxed Extended JSON (mongoexport --jsonFormat=relaxed). */
export function writeJsonArrays(dir: string, collections: Collections) {
  for (const [name, docs] of Object.entries(collections) as [string, Record<string, unknown>[]][]) {
    fs.writeFileSync(path.join(dir, `${name}.json`), EJSON.stringify(docs, undefined, 2, { relaxed: true }));
  }
  return dir;
}

/** mongoexport's default: one document per line, here in canonical Extended JSON ($numberLong dates, $numberInt). */
export function writeJsonLines(dir: string, collections: Collections) {
  for (const [name, docs] of Object.entries(collections) as [string, Record<string, unknown>[]][]) {
    fs.writeFileSync(path.join(dir, `${name}.json`), docs.map((d) => EJSON.stringify(d, { relaxed: false })).join('\n') + '\n');
  }
  return dir;
}

/** mongodump: `<dump>/<database>/<collection>.bson`, the documents one after another. */
export function writeMongodump(dir: string, collections: Collections) {
  fs.mkdirSync(path.join(dir, 'visa'), { recursive: true });
  for (const [name, docs] of Object.entries(collections) as [string, Record<string, unknown>[]][]) {
    fs.writeFileSync(path.join(dir, 'visa', `${name}.bson`), Buffer.concat(docs.map((d) => BSON.serialize(d))));
  }
  return dir;
}

/** Runs the import command in this process against a test app's database; the report goes to `cwd`. */
export async function runImport(config: Config, args: string[], cwd: string, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const progress: string[] = [];
  const io: ImportIo = {
    env: cliEnv(config, env),
    cwd,
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    progress: (text) => void progress.push(text),
    tty: false,
  };
  const code = await runImportCommand(args, io);
  const stdout = out.join('');
  const written = /^Report: (.+\.csv) \(/m.exec(stdout)?.[1];
  const report = written ? fs.readFileSync(written, 'utf8') : '';
  for (const f of fs.readdirSync(cwd).filter((name) => name.startsWith('import-report-'))) fs.rmSync(path.join(cwd, f));
  return { code, stdout, stderr: err.join(''), progress: progress.join(''), report };
}

/** Every row of the tables an import writes, to compare two states of the database. */
export async function importedState(db: Db) {
  return {
    applications: await db.selectFrom('applications').selectAll().orderBy('id').execute(),
    files: await db.selectFrom('import_files').selectAll().orderBy('application_id').orderBy('field').execute(),
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    slides: await db.selectFrom('slides').selectAll().orderBy('id').execute(),
    counts: await db.selectFrom('application_counts').selectAll().orderBy('kind').orderBy('key').execute(),
  };
}

/** The earlier app's file host, on loopback: answers the given paths with their bytes, 404 otherwise, and counts requests. */
export async function serveEarlierFiles(bytesByPath: Record<string, Buffer>) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const bytes = bytesByPath[req.url ?? ''];
    if (!bytes) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/earlier`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
