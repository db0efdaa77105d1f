// How the staff and public calls hold up as the table grows. For each size (10 000, 100 000 and
// 1 000 000 applications by default, each with one or two documents and a photo referenced), seeds
// a temporary SQLite DATA_DIR — or, with DATABASE_URL, a fresh database on that PostgreSQL server —
// starts the built server on it, and measures with autocannon: the list's first page, a page in the
// middle (by page number, and by the cursor a client paging there holds, ADR 0028), the last page
// and a middle page of one status by number (ADR 0030), a passport-prefix and a surname search, the status filter, the dashboard figures and the public
// status check; then streams the CSV export of everything while sampling the server's resident memory.
// Prints one table per size and, last, each call's p50 at the largest size over the smallest.
//
//   npm run build && node bench/scale.mjs
//   SIZES=10000,100000 SECONDS=5 CONNECTIONS=10 node bench/scale.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/scale.mjs   (bash scripts/pg-cluster.sh)
//   ONLY=export SIZES=1000000 node bench/scale.mjs   (seed, then the export alone: its memory without the load runs before it)
//   KEEP=/tmp/scale-seeds ONLY=export SIZES=1000000 node bench/scale.mjs   (seed once into that folder, or PostgreSQL
//     database, and reuse it on later runs with the same KEEP: a million rows take minutes to seed)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { cpuSeconds, root, serverJs, startServer } from './lib/processes.mjs';
import { clientAddress } from './lib/load.mjs';
import { enquiryPathOf, passportOf, seedApplications } from './lib/seed-applications.mjs';
import { createBenchDatabase, cursorBeforePg, seedApplicationsPg, startSessionPg } from './lib/seed-applications-pg.mjs';
import { startSession } from './lib/seed-applications.mjs';

const SIZES = (process.env.SIZES ?? '10000,100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const ALONE = Number(process.env.ALONE ?? 15);
/** `export`: skip the interactive calls and measure the CSV export on the freshly started server. */
const EXPORT_ONLY = process.env.ONLY === 'export';
/** A PostgreSQL server to bench on instead of SQLite; each size gets a database of its own there. */
const PG_URL = process.env.DATABASE_URL;
/** A folder to keep each size's seeded data in (and its PostgreSQL database) for the next run with the same KEEP. */
const KEEP = process.env.KEEP;

if (!fs.existsSync(serverJs)) {
  console.error('apps/api/dist is missing: run `npm run build` first.');
  process.exit(1);
}

/** Resident memory of a process in MB, from /proc. */
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The keyset position just before row `offset` of the newest-first list, as the API's cursor encodes it (ADR 0028). */
function cursorBeforeSqlite(dataDir, offset) {
  const db = new SQLite(path.join(dataDir, 'visa.sqlite'), { readonly: true });
  const row = db.prepare('select created_at, id from applications order by created_at desc, id desc limit 1 offset ?').get(offset - 1);
  db.close();
  return Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');
}

/**
 * One request at a time, ALONE times: the median and the fastest. On a machine shared with other
 * work the loaded p50 is mostly queueing; these say what one call costs.
 */
async function alone(url, headers) {
  const times = [];
  for (let i = 0; i < ALONE; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { aloneP50Ms: Number(times[times.length >> 1].toFixed(1)), aloneMinMs: Number(times[0].toFixed(1)) };
}

async function load(name, { base, path: urlPath, headers = {}, setupRequest }) {
  // The status check is measured under load only: its answers have a fixed floor (docs/product.md#limits).
  const single = setupRequest ? { aloneP50Ms: null, aloneMinMs: null } : await alone(base + urlPath, headers);
  const result = await autocannon({
    url: base + urlPath,
    headers,
    connections: CONNECTIONS,
    duration: SECONDS,
    pipelining: 1,
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...single,
  };
}

async function exportAll(base, headers, pid) {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  // The server's CPU time says what the export costs whatever else the machine is doing; the wall time does not.
  const cpu0 = cpuSeconds(pid);
  const t0 = Date.now();
  const res = await fetch(`${base}/api/application/export`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    // indexOf, not a loop over every byte: this process shares the machine with the server it measures.
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
  }
  clearInterval(timer);
  return {
    status: res.status,
    seconds: (Date.now() - t0) / 1000,
    serverCpuSeconds: cpuSeconds(pid) - cpu0,
    mb: bytes / 1e6,
    rows: Math.max(0, lines - 1),
    rssBeforeMb: before,
    rssPeakMb: peak,
  };
}

/**
 * A size's data seeded anew, or with KEEP the data an earlier run kept, signed in again (a new
 * session: the earlier one may have ended). Answers what the run needs and how to clean up.
 */
async function seededData(size) {
  const kept = KEEP ? path.join(KEEP, `${PG_URL ? 'postgres' : 'sqlite'}-${size}`) : null;
  const dataDir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-scale-'));
  const name = `visa_bench_scale_${size}`;
  const pgUrl = PG_URL && Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
  const keptFile = kept && path.join(kept, 'seed.json');
  const t0 = Date.now();
  let token;
  let secret;
  let created = null;
  if (keptFile && fs.existsSync(keptFile)) {
    let userId;
    ({ secret, userId } = JSON.parse(fs.readFileSync(keptFile, 'utf8')));
    const family = pgUrl ? await startSessionPg(pgUrl, userId) : withSqlite(dataDir, (db) => startSession(db, userId, Date.now()));
    const { createAccessTokens } = await import(path.join(root, 'apps/api/dist/modules/domain/auth/access-tokens.js'));
    token = await createAccessTokens(secret).sign({ id: userId, role: 'admin' }, family);
  } else {
    secret = randomBytes(32).toString('hex');
    fs.mkdirSync(dataDir, { recursive: true });
    let userId;
    if (pgUrl) {
      created = await createBenchDatabase(PG_URL, name);
      ({ token, userId } = await seedApplicationsPg({ databaseUrl: pgUrl, secret, count: size }));
    } else {
      ({ token, userId } = await seedApplications({ dataDir, secret, count: size, documents: true }));
    }
    if (keptFile) fs.writeFileSync(keptFile, JSON.stringify({ secret, userId }));
  }
  const cleanUp = async () => {
    if (kept) return;
    await created?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { dataDir, secret, token, pgUrl, seconds: (Date.now() - t0) / 1000, cleanUp };
}

function withSqlite(dataDir, use) {
  const db = new SQLite(path.join(dataDir, 'visa.sqlite'));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

const results = [];
for (const size of SIZES) {
  const { dataDir, secret, token, pgUrl, seconds: seeded, cleanUp } = await seededData(size);
  const pgDb = pgUrl ? { url: pgUrl } : null;
  const middlePage = Math.floor(size / 20);
  const middleCursor = pgDb ? await cursorBeforePg(pgDb.url, (middlePage - 1) * 10) : cursorBeforeSqlite(dataDir, (middlePage - 1) * 10);
  const server = await startServer({
    DATA_DIR: dataDir,
    APP_SECRET: secret,
    TRUST_PROXY: '1',
    SCHEDULED_JOBS: 'false',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  try {
    const headers = { authorization: `Bearer ${token}` };
    const base = server.base;
    const middle = Math.floor(size / 2);
    const app = '/api/application';
    let n = 0;
    const targets = [
      ['list page 1', { path: `${app}/fetchApplication?page=1&limit=10` }],
      ['list middle page (cursor)', { path: `${app}/fetchApplication?page=${middlePage}&limit=10&cursor=${middleCursor}` }],
      ['list middle page (number)', { path: `${app}/fetchApplication?page=${middlePage}&limit=10` }],
      // The pager's last link, and a deep page of one status (a third of the rows are approved): by number (ADR 0030).
      ['list last page (number)', { path: `${app}/fetchApplication?page=${Math.ceil(size / 10)}&limit=10` }],
      ['approved middle (number)', { path: `${app}/fetchApplication?page=${Math.floor(size / 60)}&limit=10&status=approved` }],
      ['passport prefix search', { path: `${app}/fetchApplication?page=1&limit=10&search=${passportOf(middle).slice(0, 5)}` }],
      ['surname search', { path: `${app}/fetchApplication?page=1&limit=10&search=Hossain` }],
      ['status filter', { path: `${app}/fetchApplication?page=1&limit=10&status=approved` }],
      ['dashboard figures', { path: `${app}/stats` }],
      [
        'status check (public)',
        {
          path: `${app}/fetchApplicationEnquiry`,
          // Every request another seeded applicant from another address (limits are per address
          // and per passport, docs/product.md#limits); TRUST_PROXY=1 makes this process the proxy.
          setupRequest: (req) => {
            n += 1;
            const i = (n * 7_919) % size;
            req.path = enquiryPathOf(i);
            req.headers = { ...req.headers, 'x-forwarded-for': clientAddress(n) };
            return req;
          },
        },
      ],
    ];
    const rows = [];
    if (!EXPORT_ONLY) {
      for (const [name, target] of targets) rows.push(await load(name, { base, headers: target.setupRequest ? {} : headers, ...target }));
    }
    const exported = await exportAll(base, headers, server.pid);
    const load1 = os.loadavg()[0].toFixed(2);
    results.push({ size, engine: pgDb ? 'postgres' : 'sqlite', seeded, rows, exported, load1 });

    console.log(
      `\n${size.toLocaleString('en')} applications on ${pgDb ? 'PostgreSQL' : 'SQLite'} (seeded in ${seeded.toFixed(1)} s; load average ${load1})`,
    );
    if (rows.length) console.log('call                      req/s   p50 ms   p99 ms  non-2xx  errors  alone p50  alone min');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(24)}${String(r.reqPerSec).padStart(7)}${String(r.p50Ms).padStart(9)}${String(r.p99Ms).padStart(9)}${String(r.non2xx).padStart(9)}${String(r.errors).padStart(8)}${String(r.aloneP50Ms ?? '—').padStart(11)}${String(r.aloneMinMs ?? '—').padStart(11)}`,
      );
    }
    console.log(
      `CSV export: ${exported.status}, ${exported.rows} rows, ${exported.mb.toFixed(1)} MB in ${exported.seconds.toFixed(1)} s (server CPU ${exported.serverCpuSeconds.toFixed(1)} s); server RSS ${exported.rssBeforeMb.toFixed(0)} MB before, ${exported.rssPeakMb.toFixed(0)} MB at most (+${(exported.rssPeakMb - exported.rssBeforeMb).toFixed(0)} MB)`,
    );
  } finally {
    await server.stop();
    await cleanUp();
  }
}

if (results.length > 1 && !EXPORT_ONLY) {
  const [small, large] = [results[0], results.at(-1)];
  console.log(
    `\nat ${large.size.toLocaleString('en')} over at ${small.size.toLocaleString('en')} (target ≤ 2): loaded p50, alone p50, alone min`,
  );
  const ratio = (a, b) => (a === null || b === null ? '—' : (a / Math.max(b, 1)).toFixed(1));
  for (const r of large.rows) {
    const base = small.rows.find((s) => s.name === r.name);
    console.log(
      `${r.name.padEnd(26)}${ratio(r.p50Ms, base.p50Ms).padStart(6)}${ratio(r.aloneP50Ms, base.aloneP50Ms).padStart(8)}${ratio(r.aloneMinMs, base.aloneMinMs).padStart(8)}`,
    );
  }
}
console.log(JSON.stringify({ bench: 'scale', date: new Date().toISOString(), node: process.version, results }));
