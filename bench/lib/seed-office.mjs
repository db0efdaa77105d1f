// An office straight into a migrated SQLite file with set-based statements, for the benches that
// need many applications and what hangs off them: staff, two years of applications (oldest first,
// ids growing with created_at as in real use), whatever the bench adds in the same transaction,
// and the first staff member (a super-admin) signed in.
import { randomBytes } from 'node:crypto';
import { GIVEN, SURNAMES, openMigrated, startSession } from './seed-applications.mjs';

/** Rows `?1`..`?2` of the applications, the k-th created `?3 + k × ?4` seconds after the epoch. */
const INSERT_APPLICATIONS = `
  with recursive n(i) as (select ? union all select i + 1 from n where i + 1 < ?)
  insert into applications (id, surname, given_name, surname_key, given_name_key, email, phone, national_id, sex, dob,
    birth_city, current_nationality, current_nationality_key, identification, company, duty_duration, job_title, salary,
    passport, issued_country, image_key, thumb_key, status, pending_date, approve_date, is_admin, created_by, created_at, updated_at)
  select printf('%08x%016x', cast(? + i * ? as integer), i), s, g, lower(s), lower(g), 'applicant' || i || '@example.com',
    '88017' || printf('%08d', i), cast(1990000000000 + i as text), case i % 2 when 0 then 'Male' else 'Female' end, '1980-01-01',
    'Dhaka', 'Bangladeshi', 'bangladeshi', 'None', 'Maple Build Ltd', '2 years', 'Worker', 'CAD 3,200 / month',
    printf('%s%08d', char(65 + i % 26, 65 + (i / 26) % 26), i), 'Bangladesh', null, null,
    case i % 4 when 2 then 'approved' when 3 then 'rejected' else 'pending' end, substr(c, 1, 10),
    case i % 4 when 2 then substr(c, 1, 10) end, 0, null, c, c
  from (select i, json_extract(?, '$[' || (i % 20) || ']') as s, json_extract(?, '$[' || (i * 7 % 20) || ']') as g,
    strftime('%Y-%m-%dT%H:%M:%fZ', ? + i * ?, 'unixepoch') as c from n)`;

/**
 * Migrates a fresh SQLite database in `dataDir` and seeds `count` applications and `staff` staff
 * members (`Staff 0` a super-admin, the others admins). `fill(db, { users, now, iso })` adds the
 * bench's own rows in the same transaction; `read(db)` reads what the bench reports once all is
 * written. Answers the signed-in super-admin's access token, the staff ids and what `read` answered.
 */
export async function seedOffice({ dataDir, secret, count, staff = 1, fill = () => {}, read = () => ({}) }) {
  const { db, createAccessTokens } = await openMigrated({ dataDir, secret });
  db.pragma('synchronous = OFF');
  const now = Date.now();
  const iso = new Date(now).toISOString();
  const users = Array.from({ length: staff }, () => randomBytes(12).toString('hex'));
  const addUser = db.prepare(
    'insert into users (id, name, email, role, password_hash, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  users.forEach((id, n) =>
    addUser.run(id, `Staff ${n}`, `staff${n}@example.com`, n === 0 ? 'superadmin' : 'admin', 'not-a-real-hash', iso, iso),
  );

  const start = Math.floor(now / 1000) - 2 * 365 * 86_400;
  const step = (2 * 365 * 86_400) / count;
  const batch = 100_000;
  const applications = db.prepare(INSERT_APPLICATIONS);
  db.transaction(() => {
    for (let from = 0; from < count; from += batch) {
      // BigInt binds as an integer: a JS number binds as a real, and `i % 20` would not name a list entry.
      const [first, end] = [BigInt(from), BigInt(Math.min(count, from + batch))];
      applications.run(first, end, start, step, JSON.stringify(SURNAMES), JSON.stringify(GIVEN), start, step);
    }
    fill(db, { users, now, iso });
  })();
  db.exec('analyze');

  const family = startSession(db, users[0], now);
  const readings = read(db);
  db.close();
  const token = await createAccessTokens(secret).sign({ id: users[0], role: 'superadmin' }, family);
  return { token, users, ...readings };
}
