// Documents as the earlier app (Express + MongoDB) kept them, for the import benchmark: its
// applications with a phone number stored as a number, a date of birth as a date, free-text
// countries and a placeholder photo, written as mongoexport lines or a mongodump file.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../apps/api/package.json', import.meta.url));
const { BSON, EJSON, ObjectId } = require('bson');

const JOBS = ['Driving', 'Construction', 'Electrician', 'Cleaner', 'Cook', 'Worker'];
const COUNTRIES = ['Bangladeshi', 'Bangladesh', 'bangladeshi', 'India', 'Nepali'];

/** The i-th application: unique email and passport, every field the earlier app required. */
export function earlierApplication(i) {
  const at = new Date(Date.UTC(2023, 0, 1) + i * 60_000);
  return {
    _id: ObjectId.createFromTime(Math.floor(at.getTime() / 1000)),
    surname: `Surname${i % 997}`,
    givenN: `Given${i % 991}`,
    email: `applicant${i}@example.com`,
    phone: 1712000000 + (i % 999_999),
    nationalId: String(1990000000000 + i),
    sex: i % 2 ? 'Male' : 'Female',
    dob: new Date(Date.UTC(1980 + (i % 25), i % 12, 1 + (i % 28))),
    birthCity: 'Dhaka',
    currentN: COUNTRIES[i % COUNTRIES.length],
    identification: 'A mole on the left cheek',
    company: 'Maple Logistics Inc.',
    dutyDuration: '2 years',
    jobTitle: JOBS[i % JOBS.length],
    salary: 'CAD 3,200 / month',
    image: 'default.png',
    imagePublicId: '',
    file1: 'default.png',
    passport: `BX${String(i).padStart(8, '0')}`,
    issuedCountry: 'Bangladesh',
    isStatus: ['pending', 'approved', 'rejected'][i % 3],
    isAdmin: true,
    pending: '2024-01-02',
    approve: i % 3 === 1 ? '2024-02-03' : '',
    createdAt: at,
    updatedAt: at,
  };
}

/** `applications.json` in mongoexport's default form: one canonical Extended JSON document per line. */
export async function writeMongoexport(dir, rows) {
  fs.mkdirSync(dir, { recursive: true });
  const out = fs.createWriteStream(`${dir}/applications.json`);
  for (let i = 0; i < rows; i++) {
    if (!out.write(EJSON.stringify(earlierApplication(i), { relaxed: false }) + '\n')) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
}

/** `<db>/applications.bson` as mongodump writes it: the BSON documents one after another. */
export async function writeMongodump(dir, rows) {
  fs.mkdirSync(`${dir}/visa`, { recursive: true });
  const out = fs.createWriteStream(`${dir}/visa/applications.bson`);
  for (let i = 0; i < rows; i++) {
    if (!out.write(BSON.serialize(earlierApplication(i)))) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
}
