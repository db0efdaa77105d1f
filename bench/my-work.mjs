// What "due this week" costs as the office grows (ADR 0077, ADR 0079): My work (GET
// /api/application/work, everyone's and the signed-in member's) and the staff list narrowed to
// applications with an open IRCC letter due within 7 days (its first page and its second, by
// number), at 10 000 and 1 000 000 applications on SQLite or, with DATABASE_URL, on a fresh
// database of that PostgreSQL server for each size. Letters go to the office's cases in hand:
// among the newest ACTIVE applications (10 000 by default, every one at the smallest size) one in
// 20 has an open letter, its deadline spread over 120 days (the first ten of them past), its owner
// one of ten staff members, and as many again were answered; the older applications are history
// with no letter. So both sizes have the same work due, and the figures say what the stored
// history costs. ACTIVE=0 puts letters in proportion on every application instead (the answers
// then grow with the office: My work's list reaches its cap of 500). Seeded with
// set-based INSERT … SELECT statements, then the built server is started on the database and each
// call timed one request at a time (median and fastest). Ends with each call's time at the largest size over the smallest (target ≤ 2), all
// from one run, so the machine's load weighs on both sides alike.
//
//   npm run build && node bench/my-work.mjs
//   SIZES=10000,100000 ALONE=30 node bench/my-work.mjs
//   ACTIVE=0 node bench/my-work.mjs   (letters in proportion to all applications)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/my-work.mjs   (bash scripts/pg-cluster.sh)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { addDays, todayIn } from '../packages/shared/dist/dates.js';
import { root, serverJs, startServer } from './lib/processes.mjs';
import { GIVEN, SURNAMES } from './lib/seed-applications.mjs';
import { createBenchDatabase, seedApplicationsPg } from './lib/seed-applications-pg.mjs';

const SIZES = (process.env.SIZES ?? '10000,1000000').split(',').map(Number);
const ALONE = Number(process.env.ALONE ?? 25);
/** One application in this many has an open letter, and as many again an answered one. */
const LETTER_EVERY = 20;
const STAFF = 10;
/** The newest applications that are cases in hand, with letters; 0: every application. */
const ACTIVE = Number(process.env.ACTIVE ?? 10_000);
/** The first row (in order of id, oldest first) that may carry a letter at a size. */
const firstActive = (count) => (ACTIVE > 0 ? Math.max(0, count - ACTIVE) : 0);
const TIME_ZONE = 'Asia/Dhaka';
/** A PostgreSQL server to bench on instead of SQLite; each size gets a database of its own there. */
const PG_URL = process.env.DATABASE_URL;
const ENGINE = PG_URL ? 'PostgreSQL' : 'SQLite';

if (!fs.existsSync(serverJs)) {
  console.error('apps/api/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const dist = (p) => path.join(root, 'apps/api/dist', p);

/** Migrates a fresh SQLite file and fills it with set-based statements; the first staff member (a super-admin) signs in. */
async function seed(dataDir, secret, count) {
  const { loadConfig } = await import(dist('config.js'));
  const { createDb, migrateToLatest } = await import(dist('db/connection.js'));
  const { createAccessTokens } = await import(dist('modules/domain/auth/access-tokens.js'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: secret, LOG_LEVEL: 'silent' });
  const kysely = createDb(config.database);
  await migrateToLatest(kysely);
  await kysely.destroy();

  const db = new SQLite(config.database.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const now = Date.now();
  const iso = new Date(now).toISOString();
  const users = Array.from({ length: STAFF }, () => randomBytes(12).toString('hex'));
  const addUser = db.prepare(
    'insert into users (id, name, email, role, password_hash, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  users.forEach((id, n) =>
    addUser.run(id, `Staff ${n}`, `staff${n}@example.com`, n === 0 ? 'superadmin' : 'admin', 'not-a-real-hash', iso, iso),
  );

  // Two years of history, oldest first, ids growing with created_at as in real use.
  const start = Math.floor(now / 1000) - 2 * 365 * 86_400;
  const step = (2 * 365 * 86_400) / count;
  const today = todayIn(TIME_ZONE, new Date(now));
  const batch = 100_000;
  const applications = db.prepare(`
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
      strftime('%Y-%m-%dT%H:%M:%fZ', ? + i * ?, 'unixepoch') as c from n)`);
  const insertAll = db.transaction(() => {
    for (let from = 0; from < count; from += batch) {
      // BigInt binds as an integer: a JS number binds as a real, and `i % 20` would not name a list entry.
      const [first, end] = [BigInt(from), BigInt(Math.min(count, from + batch))];
      applications.run(first, end, start, step, JSON.stringify(SURNAMES), JSON.stringify(GIVEN), start, step);
    }
    // One application in LETTER_EVERY has an open letter, deadlines 10 days past to 109 ahead, owners in turn;
    // another in LETTER_EVERY an answered one. The k-th row of the applications in order of id.
    db.prepare(
      `insert into case_letters (id, application_id, kind, letter_date, deadline, rule_deadline, reason, owner_id, done_on, created_by, created_at)
      select substr(a.id, 1, 16) || printf('%08x', a.k), a.id, 'medical', date(?, '-30 days'),
        date(?, printf('%+d days', (a.k / ? % 120) - 10)), null, '', json_extract(?, '$[' || (a.k / ? % ?) || ']'),
        case when a.k % ? = 0 then null else ? end, null, ?
      from (select id, row_number() over (order by id) - 1 as k from applications) a
      where a.k % ? in (0, ?) and a.k >= ?`,
    ).run(
      today,
      today,
      BigInt(LETTER_EVERY),
      JSON.stringify(users),
      BigInt(LETTER_EVERY),
      BigInt(STAFF),
      BigInt(LETTER_EVERY),
      today,
      iso,
      BigInt(LETTER_EVERY),
      BigInt(LETTER_EVERY / 2),
      BigInt(firstActive(count)),
    );
  });
  insertAll();
  db.exec('analyze');

  const family = randomBytes(12).toString('hex');
  db.prepare(
    'insert into session_families (family_id, user_id, started_at, last_active_at, expires_at, ended_at, end_reason) values (?, ?, ?, ?, ?, null, null)',
  ).run(family, users[0], iso, iso, new Date(now + 86_400_000).toISOString());
  db.prepare(
    'insert into sessions (id, user_id, refresh_hash, family_id, expires_at, revoked_at, created_at, ip, user_agent) values (?, ?, ?, ?, ?, null, ?, null, null)',
  ).run(randomBytes(12).toString('hex'), users[0], randomBytes(32).toString('hex'), family, new Date(now + 86_400_000).toISOString(), iso);
  const open = db.prepare('select count(*) as n from case_letters where done_on is null').get().n;
  const dueWeek = db.prepare('select count(*) as n from case_letters where done_on is null and deadline <= ?').get(addDays(today, 7)).n;
  db.close();
  const token = await createAccessTokens(secret).sign({ id: users[0], role: 'superadmin' }, family);
  return { token, open, dueWeek };
}

/**
 * The PostgreSQL twin of seed(): the applications as bench/lib/seed-applications-pg.mjs writes them
 * (its staff member a super-admin, signed in), nine more staff and the letters as above, each the
 * k-th application in order of id, by set-based statements.
 */
async function seedPg(databaseUrl, secret, count) {
  const { token, userId } = await seedApplicationsPg({ databaseUrl, secret, count, role: 'superadmin', documents: false });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const iso = new Date().toISOString();
  const today = todayIn(TIME_ZONE, new Date());
  const others = Array.from({ length: STAFF - 1 }, () => randomBytes(12).toString('hex'));
  await client.query(
    `insert into users (id, name, email, role, password_hash, created_at, updated_at)
    select u.id, 'Staff ' || u.n, 'staff' || u.n || '@example.com', 'admin', 'not-a-real-hash', $2, $2
    from unnest($1::text[]) with ordinality as u(id, n)`,
    [others, iso],
  );
  await client.query(
    `insert into case_letters (id, application_id, kind, letter_date, deadline, rule_deadline, reason, owner_id, done_on, created_by, created_at)
    select substr(a.id, 1, 16) || lpad(to_hex(a.k), 8, '0'), a.id, 'medical', to_char($1::date - 30, 'YYYY-MM-DD'),
      to_char($1::date + ((a.k / $2) % 120 - 10)::int, 'YYYY-MM-DD'), null, '', ($3::text[])[(a.k / $2) % $4 + 1],
      case when a.k % $2 = 0 then null else $6 end, null, $5
    from (select id, row_number() over (order by id) - 1 as k from applications) a
    where a.k % $2 in (0, $2 / 2) and a.k >= $7`,
    [today, LETTER_EVERY, [userId, ...others], STAFF, iso, today, firstActive(count)],
  );
  await client.query('analyze');
  const count1 = async (q, v) => Number((await client.query(q, v)).rows[0].n);
  const open = await count1('select count(*) as n from case_letters where done_on is null', []);
  const dueWeek = await count1('select count(*) as n from case_letters where done_on is null and deadline <= $1', [addDays(today, 7)]);
  await client.end();
  return { token, open, dueWeek };
}

/** ALONE requests one at a time: the median and the fastest, and what the last answered. */
async function alone(url, headers) {
  const times = [];
  let body;
  for (let i = 0; i < ALONE; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    body = await res.json();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[times.length >> 1], min: times[0], body };
}

const results = [];
for (const size of SIZES) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-my-work-'));
  const secret = randomBytes(32).toString('hex');
  const t0 = Date.now();
  const pgDb = PG_URL ? await createBenchDatabase(PG_URL, `visa_bench_my_work_${size}`) : null;
  const { token, open, dueWeek } = pgDb ? await seedPg(pgDb.url, secret, size) : await seed(dataDir, secret, size);
  const seeded = (Date.now() - t0) / 1000;
  const server = await startServer({
    DATA_DIR: dataDir,
    APP_SECRET: secret,
    SCHEDULED_JOBS: 'false',
    APP_TIMEZONE: TIME_ZONE,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  try {
    const headers = { authorization: `Bearer ${token}` };
    const app = `${server.base}/api/application`;
    const targets = [
      ['My work, everyone', `${app}/work?who=everyone`, (b) => b.overdue.length + b.dueToday.length + b.dueThisWeek.length],
      ['My work, me', `${app}/work?who=me`, (b) => b.overdue.length + b.dueToday.length + b.dueThisWeek.length],
      ['list dueWithin=7', `${app}/fetchApplication?page=1&limit=10&dueWithin=7`, (b) => b.totalApplication],
      ['list dueWithin=7 page 2', `${app}/fetchApplication?page=2&limit=10&dueWithin=7`, (b) => b.totalApplication],
      ['list page 1 (context)', `${app}/fetchApplication?page=1&limit=10`, (b) => b.totalApplication],
    ];
    const rows = [];
    for (const [name, url, shown] of targets) {
      const r = await alone(url, headers);
      rows.push({ name, p50: r.p50, min: r.min, shown: shown(r.body) });
    }
    const load1 = os.loadavg()[0].toFixed(2);
    results.push({ size, engine: ENGINE, seeded, open, dueWeek, rows, load1 });
    console.log(
      `\n${size.toLocaleString('en')} applications on ${ENGINE}, ${open.toLocaleString('en')} open letters, ` +
        `${dueWeek.toLocaleString('en')} due within 7 days (seeded in ${seeded.toFixed(1)} s; load average ${load1})`,
    );
    console.log('call                        p50 ms   min ms   items or total');
    for (const r of rows)
      console.log(`${r.name.padEnd(26)}${r.p50.toFixed(1).padStart(8)}${r.min.toFixed(1).padStart(9)}${String(r.shown).padStart(17)}`);
  } finally {
    await server.stop();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (results.length > 1) {
  const [small, large] = [results[0], results.at(-1)];
  console.log(`\nat ${large.size.toLocaleString('en')} over at ${small.size.toLocaleString('en')} (target ≤ 2): alone p50, alone min`);
  for (const r of large.rows) {
    const base = small.rows.find((s) => s.name === r.name);
    console.log(`${r.name.padEnd(26)}${(r.p50 / base.p50).toFixed(2).padStart(7)}${(r.min / base.min).toFixed(2).padStart(8)}`);
  }
}
console.log(JSON.stringify({ bench: 'my-work', date: new Date().toISOString(), node: process.version, results }));
