// Applications as the earlier app (Express + MongoDB) kept them, written as `mongoexport` writes
// them by default: one canonical Extended JSON document per line ({"$oid"}, {"$date":
// {"$numberLong"}}, {"$numberLong"}). The phone is a number (its leading 0 lost), the date of
// birth a date, the nationality typed freely, the photo the `default.png` placeholder.
import fs from 'node:fs';

const JOBS = ['Driving', 'Construction', 'Electrician', 'Cleaner', 'Cook', 'Worker'];
const COUNTRIES = ['Bangladeshi', 'Bangladesh', 'bangladeshi', 'India', 'Nepali'];
const STATUSES = ['pending', 'approved', 'rejected'];
const START = Date.UTC(2023, 0, 1);

const date = (ms) => ({ $date: { $numberLong: String(ms) } });
const objectId = (seconds, i) => ({
  $oid: seconds.toString(16).padStart(8, '0') + 'a1b2c3d4e5' + (i % 0x1000000).toString(16).padStart(6, '0'),
});

/** The i-th application: unique id, email and passport; every field the earlier app required. */
export function earlierApplication(i) {
  const at = START + i * 60_000;
  return {
    _id: objectId(Math.floor(at / 1000), i),
    surname: `Surname${i % 997}`,
    givenN: `Given${i % 991}`,
    email: `applicant${i}@example.com`,
    phone: { $numberLong: String(1712000000 + (i % 999_999)) },
    nationalId: String(1990000000000 + i),
    sex: i % 2 ? 'Male' : 'Female',
    dob: date(Date.UTC(1980 + (i % 25), i % 12, 1 + (i % 28))),
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
    isStatus: STATUSES[i % 3],
    isAdmin: true,
    pending: '2024-01-02',
    approve: i % 3 === 1 ? '2024-02-03' : '',
    createdAt: date(at),
    updatedAt: date(at),
    __v: { $numberInt: '0' },
  };
}

/** `<dir>/applications.json` with `rows` applications. */
export async function writeMongoexport(dir, rows) {
  fs.mkdirSync(dir, { recursive: true });
  const out = fs.createWriteStream(`${dir}/applications.json`);
  for (let i = 0; i < rows; i++) {
    if (!out.write(JSON.stringify(earlierApplication(i)) + '\n')) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
}
