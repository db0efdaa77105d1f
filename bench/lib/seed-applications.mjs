// Seeds a large, realistic applications table straight into a migrated SQLite file, plus one
// staff member with a live session and an access token for the load tests.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { JOB_TITLES } from '../../packages/shared/dist/constants.js';
import { root } from './processes.mjs';

const dist = (p) => path.join(root, 'apps/api/dist', p);

export const SURNAMES = [
  'Rahman',
  'Hossain',
  'Ahmed',
  'Islam',
  'Khan',
  'Chowdhury',
  'Begum',
  'Akter',
  'Sarkar',
  'Das',
  'Uddin',
  'Mia',
  'Roy',
  'Haque',
  'Karim',
  'Siddique',
  'Talukder',
  'Majumder',
  'Biswas',
  'Paul',
];
export const GIVEN = [
  'Karim',
  'Nusrat',
  'Rafiq',
  'Ayesha',
  'Tania',
  'Ahnaf',
  'Sabbir',
  'Farhana',
  'Imran',
  'Sharmin',
  'Jamal',
  'Rina',
  'Tanvir',
  'Mitu',
  'Shakil',
  'Ruma',
  'Arif',
  'Lipi',
  'Sohel',
  'Nasrin',
];
export const STATUSES = ['pending', 'pending', 'approved', 'rejected'];

/** Passport of row i: two letters and seven digits, unique, spread over the whole key space. */
export const passportOf = (i) => {
  const n = (i * 7_919 + 13) % 26_000_000; // a bijection onto 0..26e6 for i < 26e6 (7919 is prime)
  return `${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String(Math.floor(n / 676)).padStart(7, '0')}`;
};

/**
 * The status check's address for row i: its passport, nationality and date of birth, as seeded
 * (letters, digits and dashes: nothing to escape).
 */
export const enquiryPathOf = (i) =>
  `/api/application/fetchApplicationEnquiry?search=${passportOf(i)}&search1=Bangladeshi&search2=${dobOf(i)}`;
const dobOf = (i) => `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`;

/**
 * A fresh SQLite database in `dataDir`, migrated by the built server's own migrations, opened for
 * set-based seeding (WAL); `createAccessTokens` signs the bench's staff in afterwards.
 */
export async function openMigrated({ dataDir, secret }) {
  const { loadConfig } = await import(dist('config.js'));
  const { createDb, migrateToLatest } = await import(dist('db/connection.js'));
  const { createAccessTokens } = await import(dist('modules/domain/auth/access-tokens.js'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: secret, LOG_LEVEL: 'silent' });
  const kysely = createDb(config.database);
  await migrateToLatest(kysely);
  await kysely.destroy();
  const db = new SQLite(config.database.file);
  db.pragma('journal_mode = WAL');
  return { db, createAccessTokens };
}

/**
 * A live session for `userId`, a day long from `now`: the family carries its idle and absolute
 * limits (ADR 0018), which every staff request reads. Answers the family an access token names.
 */
export function startSession(db, userId, now) {
  const family = randomBytes(12).toString('hex');
  const iso = new Date(now).toISOString();
  const until = new Date(now + 86_400_000).toISOString();
  db.prepare(
    'insert into session_families (family_id, user_id, started_at, last_active_at, expires_at, ended_at, end_reason) values (?, ?, ?, ?, ?, null, null)',
  ).run(family, userId, iso, iso, until);
  db.prepare(
    'insert into sessions (id, user_id, refresh_hash, family_id, expires_at, revoked_at, created_at, ip, user_agent) values (?, ?, ?, ?, ?, null, ?, null, null)',
  ).run(randomBytes(12).toString('hex'), userId, randomBytes(32).toString('hex'), family, until, iso);
  return family;
}

/**
 * `documents`: each application also gets a job letter, and every third one a visa form too, as
 * rows pointing at (absent) files, so lists and exports read documents as they would in use.
 */
export async function seedApplications({ dataDir, secret, count, documents = false, role = 'admin' }) {
  const { db, createAccessTokens } = await openMigrated({ dataDir, secret });
  const now = Date.now();
  const insert =
    db.prepare(`insert into applications (id, surname, given_name, surname_key, given_name_key, email, phone, national_id, sex, dob,
    birth_city, current_nationality, current_nationality_key, identification, company, duty_duration, job_title, salary, passport,
    issued_country, image_key, thumb_key, status, pending_date, approve_date, is_admin, created_by, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, null, ?, ?)`);
  const insertDocument = db.prepare(
    `insert into application_documents (id, application_id, storage_key, label, content_type, size, position, created_at)
    values (?, ?, ?, ?, 'application/pdf', ?, ?, ?)`,
  );
  const seedAll = db.transaction(() => {
    for (let i = 0; i < count; i++) {
      // Two years of history, oldest first, so ids and created_at grow together as in real use.
      const created = new Date(now - (count - i) * Math.floor((2 * 365 * 86_400_000) / count));
      const createdIso = created.toISOString();
      const id =
        Math.floor(created.getTime() / 1000)
          .toString(16)
          .padStart(8, '0') + randomBytes(8).toString('hex');
      const surname = SURNAMES[i % SURNAMES.length];
      const given = GIVEN[(i * 7) % GIVEN.length];
      const status = STATUSES[i % STATUSES.length];
      insert.run(
        id,
        surname,
        given,
        surname.toLowerCase(),
        given.toLowerCase(),
        `applicant${i}@example.com`,
        `88017${String(i).padStart(8, '0')}`,
        String(1_990_000_000_000 + i),
        i % 2 ? 'Female' : 'Male',
        dobOf(i),
        'Dhaka',
        'Bangladeshi',
        'bangladeshi',
        'None',
        'Maple Build Ltd',
        '2 years',
        JOB_TITLES[i % JOB_TITLES.length],
        'CAD 3,200 / month',
        passportOf(i),
        'Bangladesh',
        `private/${randomBytes(16).toString('hex')}.jpg`,
        `private/${randomBytes(16).toString('hex')}.webp`,
        status,
        createdIso.slice(0, 10),
        status === 'approved' ? createdIso.slice(0, 10) : null,
        createdIso,
        createdIso,
      );
      if (documents) {
        const labels = i % 3 === 0 ? ['Job Letter', 'Visa Form'] : ['Job Letter'];
        labels.forEach((label, position) =>
          insertDocument.run(
            randomBytes(12).toString('hex'),
            id,
            `private/${randomBytes(16).toString('hex')}.pdf`,
            label,
            150_000 + (i % 1000),
            position,
            createdIso,
          ),
        );
      }
    }
  });
  seedAll();
  db.exec('analyze');

  const userId = randomBytes(12).toString('hex');
  const iso = new Date(now).toISOString();
  db.prepare('insert into users (id, name, email, role, password_hash, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)').run(
    userId,
    'Bench Staff',
    'bench-staff@example.com',
    role,
    'not-a-real-hash',
    iso,
    iso,
  );
  const family = startSession(db, userId, now);
  db.close();
  const token = await createAccessTokens(secret).sign({ id: userId, role }, family);
  return { token, userId };
}
