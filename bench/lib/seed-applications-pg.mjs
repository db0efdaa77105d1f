// The PostgreSQL twin of seed-applications.mjs: a fresh database on the server DATABASE_URL points
// at, migrated by the built app, then filled by one generate_series statement with the same rows
// (names, statuses, job titles, passports, two years of history, photo and document keys), plus
// one staff member with a live session and an access token.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { JOB_TITLES } from '../../packages/shared/dist/constants.js';
import { root } from './processes.mjs';
import { GIVEN, STATUSES, SURNAMES } from './seed-applications.mjs';

const dist = (p) => path.join(root, 'apps/api/dist', p);

/** A new empty database next to the one `serverUrl` names; answers its URL and a way to drop it. */
export async function createBenchDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const textArray = (values) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

/** `role` is the signed-in staff member's; `documents: false` leaves the documents out for benches that read none. */
export async function seedApplicationsPg({ databaseUrl, secret, count, role = 'admin', documents = true }) {
  const { loadConfig } = await import(dist('config.js'));
  const { createDb, migrateToLatest } = await import(dist('db/connection.js'));
  const { createAccessTokens } = await import(dist('modules/domain/auth/access-tokens.js'));
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: '/tmp', APP_SECRET: secret, LOG_LEVEL: 'silent' });
  const kysely = createDb(config.database);
  await migrateToLatest(kysely);
  await kysely.destroy();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const now = Date.now();
  const step = Math.floor((2 * 365 * 86_400_000) / count);
  // The kept counts (ADR 0028) are filled once afterwards, as the migration does for existing rows:
  // a million trigger updates of the same counter rows in one transaction would each walk the
  // chain of that row's earlier versions (fine for the product's one-row transactions, quadratic here).
  await client.query('alter table applications disable trigger application_counts_trg');
  // Row i as seed-applications.mjs writes it; created_at ascends with i, the id starts with its seconds.
  await client.query(`
    insert into applications (id, surname, given_name, surname_key, given_name_key, email, phone, national_id, sex, dob,
      birth_city, current_nationality, current_nationality_key, identification, company, duty_duration, job_title, salary, passport,
      issued_country, image_key, thumb_key, status, pending_date, approve_date, is_admin, created_by, created_at, updated_at)
    select lpad(to_hex(floor(extract(epoch from c))::bigint), 8, '0') || substr(md5(random()::text || i), 1, 16),
      s, g, lower(s), lower(g), 'applicant' || i || '@example.com', '88017' || lpad(i::text, 8, '0'), (1990000000000 + i)::text,
      case when i % 2 = 1 then 'Female' else 'Male' end,
      '19' || (70 + i % 30) || '-0' || (1 + i % 9) || '-1' || (i % 10),
      'Dhaka', 'Bangladeshi', 'bangladeshi', 'None', 'Maple Build Ltd', '2 years', j, 'CAD 3,200 / month',
      chr(65 + (n % 26)::int) || chr(65 + ((n / 26) % 26)::int) || lpad((n / 676)::text, 7, '0'),
      'Bangladesh', 'private/' || md5(random()::text) || '.jpg', 'private/' || md5(random()::text) || '.webp',
      st, to_char(c, 'YYYY-MM-DD'), case when st = 'approved' then to_char(c, 'YYYY-MM-DD') end, 0, null,
      to_char(c, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(c, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    from generate_series(0, ${count - 1}) i,
      lateral (select to_timestamp((${now}::bigint - (${count}::bigint - i) * ${step}) / 1000.0) at time zone 'UTC' as c,
        (${textArray(SURNAMES)})[i % ${SURNAMES.length} + 1] as s,
        (${textArray(GIVEN)})[(i * 7) % ${GIVEN.length} + 1] as g,
        (${textArray(JOB_TITLES)})[i % ${JOB_TITLES.length} + 1] as j,
        (${textArray(STATUSES)})[i % ${STATUSES.length} + 1] as st,
        (i::bigint * 7919 + 13) % 26000000 as n) t`);
  await client.query('alter table applications enable trigger application_counts_trg');
  await client.query(`
    insert into application_counts (kind, key, n)
    select 'status', status, count(*) from applications group by status
    union all select 'job', job_title, count(*) from applications group by job_title
    union all select 'hour', substr(created_at, 1, 13), count(*) from applications group by substr(created_at, 1, 13)
    union all select 'day', substr(created_at, 1, 10), count(*) from applications group by substr(created_at, 1, 10)
    union all select 'day:' || status, substr(created_at, 1, 10), count(*) from applications group by status, substr(created_at, 1, 10)`);
  // A job letter for each, and a visa form for about every third (as the SQLite seed does).
  if (documents)
    await client.query(`
    insert into application_documents (id, application_id, storage_key, label, content_type, size, position, created_at)
    select substr(md5(random()::text || a.id || p), 1, 24), a.id, 'private/' || md5(random()::text || a.id || p) || '.pdf',
      case when p = 0 then 'Job Letter' else 'Visa Form' end, 'application/pdf', 150000, p, a.created_at
    from applications a, generate_series(0, 1) p
    where p = 0 or ascii(substr(a.id, 24, 1)) % 3 = 0`);
  await client.query('analyze');

  const userId = randomBytes(12).toString('hex');
  const iso = new Date(now).toISOString();
  await client.query(
    `insert into users (id, name, email, role, password_hash, created_at, updated_at) values ($1, 'Bench Staff', 'bench-staff@example.com', $3, 'not-a-real-hash', $2, $2)`,
    [userId, iso, role],
  );
  const family = await insertSession(client, userId, now);
  await client.end();
  const token = await createAccessTokens(secret).sign({ id: userId, role }, family);
  return { token, userId };
}

/** A live session for `userId`, a day long from `now` (seed-applications.mjs's startSession): answers its family. */
async function insertSession(client, userId, now) {
  const family = randomBytes(12).toString('hex');
  const iso = new Date(now).toISOString();
  const until = new Date(now + 86_400_000).toISOString();
  await client.query(
    'insert into session_families (family_id, user_id, started_at, last_active_at, expires_at, ended_at, end_reason) values ($1, $2, $3, $3, $4, null, null)',
    [family, userId, iso, until],
  );
  await client.query(
    'insert into sessions (id, user_id, refresh_hash, family_id, expires_at, revoked_at, created_at, ip, user_agent) values ($1, $2, $3, $4, $5, null, $6, null, null)',
    [randomBytes(12).toString('hex'), userId, randomBytes(32).toString('hex'), family, until, iso],
  );
  return family;
}

/** A new session for the staff member of an earlier seed, for a run that reuses its database. */
export async function startSessionPg(databaseUrl, userId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await insertSession(client, userId, Date.now());
  } finally {
    await client.end();
  }
}

/** The keyset position just before row `offset` of the newest-first list, as the API's cursor encodes it (ADR 0028). */
export async function cursorBeforePg(databaseUrl, offset) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('select created_at, id from applications order by created_at desc, id desc limit 1 offset $1', [
    offset - 1,
  ]);
  await client.end();
  return Buffer.from(`${rows[0].created_at}|${rows[0].id}`).toString('base64url');
}
