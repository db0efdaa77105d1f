// Drill: memory and steadiness. Seeds applications into a temporary SQLite DATA_DIR, starts the
// server and reads its resident set size (RSS, from /proc) while it
//   1. sits idle after start-up,
//   2. serves a mixed load run (--load-seconds at --connections),
//   3. serves the same mix for --soak-minutes, sampled every --sample-seconds,
//   4. sits idle again.
// The mix is what a working day looks like to the server: the staff list, a passport-prefix
// search, the signed-in check, the public status check (found, not found and refused input), each
// request from its own client address so the status check's limits do not turn it into 429s.
// Growth is the soak's last minute against the load run's last seconds: a leak shows as a line
// that keeps rising; a warm cache shows as a step that levels off. Exits 1 when growth exceeds
// --max-growth percent, on any 5xx, error or timeout, or when the server crashes.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { clientAddress as addressOf } from '../lib/load.mjs';
import { enquiryPathOf, passportOf, seedApplications } from '../lib/seed-applications.mjs';
import { drillOptions, machine, sleep, tempDir } from './lib/harness.mjs';
import { requireBuild, serverErrors, signIn, startProduct } from './lib/product.mjs';

const opts = drillOptions({
  usage: `
node bench/drills/memory-soak.mjs [options]      (after npm run build)

Seeds --rows applications, then reports the server's RSS at idle, under a --load-seconds mixed
load run, through a --soak-minutes soak at the same load, and idle afterwards.`,
  spec: {
    rows: { default: 100_000, min: 100, max: 1_000_000, help: 'applications seeded first' },
    connections: { default: 50, min: 1, max: 1000, help: 'concurrent keep-alive connections' },
    'load-seconds': { default: 60, min: 5, max: 600, help: 'length of the load run' },
    'soak-minutes': { default: 10, min: 1, max: 60, help: 'length of the soak' },
    'sample-seconds': { default: 5, min: 1, max: 60, help: 'RSS sampling interval during the soak' },
    'max-growth': { default: 10, min: 0, max: 1000, help: 'allowed RSS growth over the soak, percent' },
  },
  timeLimit: 3600,
});

requireBuild();
const dataDir = tempDir('visa-drill-memory-data-');
const logFile = path.join(tempDir('visa-drill-memory-logs-'), 'server.log');
const secret = randomBytes(32).toString('hex');

/** Resident set size of a process in MB, as the kernel counts it (what an OOM killer sees). */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Request n of the mix: path and whether it carries the staff headers. */
function mixPath(n) {
  const i = (n * 7) % opts.rows;
  switch (n % 10) {
    case 0:
    case 1:
    case 2:
      return { path: `/api/application/fetchApplication?page=${1 + (n % 5)}&limit=10`, staff: true };
    case 3:
    case 4:
      return { path: `/api/application/fetchApplication?page=1&limit=10&search=${passportOf(i).slice(0, 5)}`, staff: true };
    case 5:
    case 6:
      return { path: '/api/users/me', staff: true };
    case 7:
    case 8:
      return { path: enquiryPathOf(i), staff: false };
    default:
      // A miss and a refused input in turn: error paths are where leaks hide.
      return n % 20 === 9
        ? {
            path: `/api/application/fetchApplicationEnquiry?search=ZZ${String(n).padStart(7, '0')}&search1=Bangladeshi&search2=1990-01-01`,
            staff: false,
          }
        : { path: '/api/application/fetchApplicationEnquiry?search=%00&search1=&search2=not-a-date', staff: false };
  }
}

const t0 = Date.now();
await seedApplications({ dataDir, secret, count: opts.rows });
console.log(`memory-soak: seeded ${opts.rows} applications in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const server = await startProduct({ env: { DATA_DIR: dataDir, APP_SECRET: secret, TRUST_PROXY: '1' }, logFile });

/** One load run of the mix, sampling RSS every `sampleMs` while it lasts. */
async function loadRun(seconds, sampleMs) {
  const session = await signIn(server.base);
  let n = 0;
  const samples = [];
  const started = Date.now();
  const timer = setInterval(() => samples.push({ s: Math.round((Date.now() - started) / 1000), rss: rssMb(server.pid) }), sampleMs);
  const result = await autocannon({
    url: server.base,
    connections: opts.connections,
    duration: seconds,
    pipelining: 1,
    timeout: 30,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          n += 1;
          const { path: p, staff } = mixPath(n);
          const headers = { ...req.headers, 'x-forwarded-for': addressOf(n), ...(staff ? session.headers : {}) };
          return { ...req, path: p, headers };
        },
      },
    ],
  });
  clearInterval(timer);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]));
  return {
    samples,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    statuses,
    fivexx: Object.entries(statuses)
      .filter(([code]) => code >= '500')
      .reduce((a, [, c]) => a + c, 0),
  };
}

await sleep(10_000);
const idleStart = rssMb(server.pid);
console.log(`idle after start-up: ${idleStart} MB`);

const load = await loadRun(opts['load-seconds'], 1000);
const loadTail = load.samples.slice(-10).map((s) => s.rss);
const underLoad = median(loadTail);
console.log(
  `load run (${opts['load-seconds']} s, ${opts.connections} connections): ${load.reqPerSec} req/s, p99 ${load.p99Ms} ms, RSS median of last 10 s ${underLoad} MB, max ${Math.max(...load.samples.map((s) => s.rss))} MB`,
);

const soak = await loadRun(opts['soak-minutes'] * 60, opts['sample-seconds'] * 1000);
const perMinute = Math.max(1, Math.round(60 / opts['sample-seconds']));
const soakEnd = median(soak.samples.slice(-perMinute).map((s) => s.rss));
const soakMax = Math.max(...soak.samples.map((s) => s.rss));
const growthPct = Math.round(((soakEnd - underLoad) / underLoad) * 1000) / 10;
console.log(`soak (${opts['soak-minutes']} min): ${soak.reqPerSec} req/s, p99 ${soak.p99Ms} ms, ${soak.requests} requests`);
for (let m = 1; m <= opts['soak-minutes']; m++) {
  const minute = soak.samples.filter((s) => s.s > (m - 1) * 60 && s.s <= m * 60).map((s) => s.rss);
  if (minute.length) console.log(`  minute ${String(m).padStart(2)}: RSS median ${median(minute)} MB, max ${Math.max(...minute)} MB`);
}

await sleep(10_000);
const idleAfter = rssMb(server.pid);
const alive = await fetch(`${server.base}/api/health`).then(
  (r) => r.status === 200,
  () => false,
);
const crashed = server.crashed;
await server.stop();
const errors = serverErrors(logFile);

const summary = {
  drill: 'memory-soak',
  machine: machine(),
  rows: opts.rows,
  connections: opts.connections,
  rssMb: { idleStart, underLoad, soakEnd, soakMax, idleAfter },
  growthPct,
  load: { ...load, samples: undefined },
  soak: { ...soak, samples: undefined },
};
console.log(`\n${machine()}`);
console.log(`RSS MB: idle ${idleStart} | under load ${underLoad} | end of soak ${soakEnd} (max ${soakMax}) | idle after ${idleAfter}`);
console.log(`growth over the soak: ${growthPct} % (allowed ${opts['max-growth']} %)`);
console.log(`answers: load ${JSON.stringify(load.statuses)}, soak ${JSON.stringify(soak.statuses)}`);
console.log(`server afterwards: ${alive && !crashed ? 'answering' : 'DOWN'}; errors it logged: ${errors.length}`);
console.log(JSON.stringify(summary));
const failed =
  !alive || crashed || errors.length > 0 || growthPct > opts['max-growth'] || [load, soak].some((r) => r.errors || r.timeouts || r.fivexx);
console.log(failed ? 'memory-soak: FAILED' : 'memory-soak: ok');
process.exit(failed ? 1 : 0);
