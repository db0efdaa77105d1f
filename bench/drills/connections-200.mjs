// Drill: 200 connections at once. Seeds applications into a temporary SQLite DATA_DIR, starts the
// server, and holds --connections keep-alive connections for --seconds on each of
//   1. the staff list, GET /api/application/fetchApplication?page=1&limit=10 (signed in), then
//   2. the public status check, GET /api/application/fetchApplicationEnquiry, each request a
//      different seeded applicant from a different client address.
// The status check is rate-limited per client address and per passport (docs/product.md#limits),
// so one address would see 429 after 30 requests: with TRUST_PROXY=1 (the drill is the one proxy)
// every request names its own X-Forwarded-For (in 127.0.0.0/8), as 200 visitors behind a load
// balancer would, and the drill measures the lookups themselves. Prints throughput, p50/p99,
// errors and non-2xx answers.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { clientAddress as addressOf } from '../lib/load.mjs';
import { enquiryPathOf as enquiryPath, seedApplications } from '../lib/seed-applications.mjs';
import { drillOptions, machine, tempDir } from './lib/harness.mjs';
import { requireBuild, serverErrors, signIn, startProduct } from './lib/product.mjs';

const opts = drillOptions({
  usage: `
node bench/drills/connections-200.mjs [options]      (after npm run build)

Seeds --rows applications, then --connections connections for --seconds on the staff list and
then on the public status check. Exits 1 on connection errors, timeouts, 5xx answers, or a
server crash.`,
  spec: {
    connections: { default: 200, min: 1, max: 1000, help: 'concurrent keep-alive connections' },
    seconds: { default: 60, min: 1, max: 300, help: 'length of each of the two runs' },
    rows: { default: 10_000, min: 100, max: 1_000_000, help: 'applications seeded first' },
    timeout: { default: 30, min: 1, max: 120, help: 'seconds before a request without an answer counts as a timeout' },
    workers: { default: 1, min: 1, max: 64, help: 'server processes (WORKERS)' },
  },
  timeLimit: 600,
});

requireBuild();
const dataDir = tempDir('visa-drill-connections-data-');
const logFile = path.join(tempDir('visa-drill-connections-logs-'), 'server.log');
const secret = randomBytes(32).toString('hex');

const t0 = Date.now();
await seedApplications({ dataDir, secret, count: opts.rows });
console.log(`connections-200: seeded ${opts.rows} applications in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const server = await startProduct({
  env: { DATA_DIR: dataDir, APP_SECRET: secret, TRUST_PROXY: '1', WORKERS: String(opts.workers) },
  logFile,
});
const session = await signIn(server.base);

// The seeded applicant really is found, so the load below measures hits, not misses.
const probe = await fetch(`${server.base}${enquiryPath(7)}`, { headers: { 'x-forwarded-for': addressOf(1) } });
const probeBody = await probe.json();
if (probe.status !== 200 || probeBody.applications?.length !== 1)
  throw new Error(`enquiry probe: ${probe.status} ${JSON.stringify(probeBody)}`);

async function run(name, options) {
  const result = await autocannon({
    connections: opts.connections,
    duration: opts.seconds,
    pipelining: 1,
    timeout: opts.timeout,
    ...options,
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code} ×${count}`)
    .join(', ');
  const fivexx = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => code >= '500')
    .reduce((a, [, { count }]) => a + Number(count), 0);
  return {
    name,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    // autocannon counts timeouts among its errors; shown apart here.
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    fivexx,
    statuses,
  };
}

const results = [];
results.push(
  await run('staff list page 1', { url: `${server.base}/api/application/fetchApplication?page=1&limit=10`, headers: session.headers }),
);
let n = 0;
results.push(
  await run('public status check', {
    url: server.base,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          n += 1;
          return { ...req, path: enquiryPath(n % opts.rows), headers: { ...req.headers, 'x-forwarded-for': addressOf(n) } };
        },
      },
    ],
  }),
);
const alive = await fetch(`${server.base}/api/health`).then(
  (r) => r.status === 200,
  () => false,
);
const crashed = server.crashed;
await server.stop();
const errors = serverErrors(logFile);

console.log(`\n${opts.connections} connections, ${opts.seconds} s each, ${opts.rows} applications; ${machine()}\n`);
console.log(`${'target'.padEnd(22)} requests   req/s  p50 ms  p99 ms  max ms  errors  timeouts  non-2xx  statuses`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(22)} ${String(r.requests).padStart(8)} ${String(r.reqPerSec).padStart(7)} ${String(r.p50Ms).padStart(7)} ${String(r.p99Ms).padStart(7)} ${String(r.maxMs).padStart(7)} ${String(r.errors).padStart(7)} ${String(r.timeouts).padStart(9)} ${String(r.non2xx).padStart(8)}  ${r.statuses}`,
  );
}
console.log(`server afterwards: ${alive && !crashed ? 'answering' : 'DOWN'}; errors it logged: ${errors.length}`);
for (const e of errors.slice(0, 5)) console.log(`  server error: ${e.msg} ${e.err?.message ?? ''}`);
console.log(
  JSON.stringify({
    drill: 'connections-200',
    machine: machine(),
    connections: opts.connections,
    seconds: opts.seconds,
    rows: opts.rows,
    results,
  }),
);
const failed = !alive || crashed || errors.length > 0 || results.some((r) => r.errors || r.timeouts || r.fivexx);
console.log(failed ? 'connections-200: FAILED' : 'connections-200: ok');
process.exit(failed ? 1 : 0);
