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
import pg from 'pg';
import { addDays, todayIn } from '../packages/shared/dist/dates.js';
import { alone } from './lib/alone.mjs';
import { serverJs, startServer } from './lib/processes.mjs';
import { createBenchDatabase, seedApplicationsPg } from './lib/seed-applications-pg.mjs';
import { seedOffice } from './lib/seed-office.mjs';

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

/** A fresh SQLite office (bench/lib/seed-office.mjs): its applications, STAFF staff members and the letters as above. */
async function seed(dataDir, secret, count) {
  const today = todayIn(TIME_ZONE, new Date());
  const { token, open, dueWeek } = await seedOffice({
    dataDir,
    secret,
    count,
    staff: STAFF,
    // One application in LETTER_EVERY has an open letter, deadlines 10 days past to 109 ahead, owners in turn;
    // another in LETTER_EVERY an answered one. The k-th row of the applications in order of id.
    fill(db, { users, iso }) {
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
    },
    read: (db) => ({
      open: db.prepare('select count(*) as n from case_letters where done_on is null').get().n,
      dueWeek: db.prepare('select count(*) as n from case_letters where done_on is null and deadline <= ?').get(addDays(today, 7)).n,
    }),
  });
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
      const r = await alone(url, headers, ALONE);
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
