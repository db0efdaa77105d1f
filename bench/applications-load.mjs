// Load benchmark of the application list (ADR 0007). Seeds 100 000 applications into a
// temporary SQLite database, starts the real server on it, and measures with autocannon
//   1. GET /api/application/fetchApplication?page=1&limit=10
//   2. GET /api/application/fetchApplication?page=1&limit=10&search=<passport prefix>
// against a bare node:http hello world measured in the same run, right before each target (the
// baseline absorbs how busy the machine is). Run after `npm run build`:  node bench/applications-load.mjs
// Knobs: ROWS (100000), CONNECTIONS (50), SECONDS (10).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure } from './lib/load.mjs';
import { serverJs, startHelloWorld, startServer } from './lib/processes.mjs';
import { passportOf, seedApplications } from './lib/seed-applications.mjs';

const ROWS = Number(process.env.ROWS ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const TARGET = { ratio: 0.4, p99Ms: 25 };

if (!fs.existsSync(serverJs)) {
  console.error('apps/api/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-applications-'));
const secret = randomBytes(32).toString('hex');
const stops = [];
try {
  const t0 = Date.now();
  const { token } = await seedApplications({ dataDir, secret, count: ROWS });
  console.log(`seeded ${ROWS} applications in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const server = await startServer({ DATA_DIR: dataDir, APP_SECRET: secret });
  stops.push(server.stop);
  const hello = await startHelloWorld();
  stops.push(hello.stop);

  // A prefix staff would type: the first five characters of a passport in the middle of the table.
  const prefix = passportOf(Math.floor(ROWS / 2)).slice(0, 5);
  const headers = { authorization: `Bearer ${token}` };
  // health (no auth, one trivial query) and users/me (auth only) are reference points: they show
  // how much of the cost is the shared request pipeline (headers, cookies, JWT + session lookup)
  // rather than the list itself.
  const targets = [
    { name: 'node:http hello world', url: `${hello.base}/` },
    { name: 'reference: /api/health', url: `${server.base}/api/health` },
    { name: 'reference: /api/users/me', url: `${server.base}/api/users/me`, headers },
    { name: 'fetchApplication page 1', url: `${server.base}/api/application/fetchApplication?page=1&limit=10`, headers },
    {
      name: `fetchApplication search=${prefix}`,
      url: `${server.base}/api/application/fetchApplication?page=1&limit=10&search=${prefix}`,
      headers,
    },
  ];
  for (const target of targets.filter((t) => t.name.startsWith('fetchApplication'))) {
    const res = await fetch(target.url, { headers });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${target.name}: ${res.status} ${JSON.stringify(body)}`);
    target.check = `${body.applications.length} rows of ${body.totalApplication}`;
  }

  // The machine is shared, so its load drifts during a run: each target is measured right after
  // its own hello-world baseline and compared with that one.
  const [baselineTarget, ...appTargets] = targets;
  const results = [];
  for (const target of appTargets) {
    await measure({ ...baselineTarget, connections: CONNECTIONS, seconds: 2 }); // warm-up, not counted
    const baseline = await measure({ ...baselineTarget, connections: CONNECTIONS, seconds: SECONDS });
    await measure({ ...target, connections: CONNECTIONS, seconds: 2 });
    results.push({ ...target, ...(await measure({ ...target, connections: CONNECTIONS, seconds: SECONDS })), baseline });
  }

  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, ${ROWS} applications, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}\n`,
  );
  console.log(`${'target'.padEnd(40)}  req/s  p50 ms  p99 ms | baseline req/s  p99 ms | ratio  non-2xx  answer`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(40)} ${String(r.reqPerSec).padStart(6)}  ${String(r.p50Ms).padStart(6)}  ${String(r.p99Ms).padStart(6)} | ${String(r.baseline.reqPerSec).padStart(14)}  ${String(r.baseline.p99Ms).padStart(6)} | ${(r.reqPerSec / r.baseline.reqPerSec).toFixed(2).padStart(5)}  ${String(r.non2xx + r.errors).padStart(7)}  ${r.check ?? ''}`,
    );
  }
  const verdicts = results
    .filter((r) => r.name.startsWith('fetchApplication'))
    .map((r) => ({
      name: r.name,
      reqPerSec: r.reqPerSec,
      baselineReqPerSec: r.baseline.reqPerSec,
      ratio: +(r.reqPerSec / r.baseline.reqPerSec).toFixed(2),
      p99Ms: r.p99Ms,
      meetsTarget: r.reqPerSec / r.baseline.reqPerSec >= TARGET.ratio && r.p99Ms <= TARGET.p99Ms && r.non2xx + r.errors === 0,
    }));
  console.log(`\ntarget: ratio >= ${TARGET.ratio} and p99 <= ${TARGET.p99Ms} ms`);
  console.log(JSON.stringify({ rows: ROWS, connections: CONNECTIONS, seconds: SECONDS, loadAverage: os.loadavg()[0], results: verdicts }));
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
