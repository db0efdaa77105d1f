// Drill: PostgreSQL stopped under load, then started again, the product left running (ADR 0068).
// A throwaway cluster (scripts/pg-cluster.sh) behind one instance with local file storage; clients
// add applications (with a photo) and read the list throughout. The cluster is stopped for
// --down seconds. Counted: answers by phase and kind. Refused: any 5xx other than a 503 with
// Retry-After, an acknowledged add missing afterwards, no successful add after the restart (the
// pool did not recover without a restart of the product), or /api/ready not naming the database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, root } from '../lib/processes.mjs';
import { drillOptions, machine, onCleanup, sleep, tempDir } from './lib/harness.mjs';
import { isBadFiveHundred, readyUntil, steadyLoad } from './lib/outage.mjs';
import { checkApplication, requireBuild, signIn, startProduct } from './lib/product.mjs';

const opts = drillOptions({
  usage: `
node bench/drills/postgres-restart.mjs [options]      (after npm run build; needs PostgreSQL's server binaries)

One instance on a throwaway PostgreSQL; --workers clients add and read for --before seconds, the
cluster is stopped for --down seconds, then started, and the load goes on for --after seconds.
Exits 1 on a 5xx other than 503 with Retry-After, a lost acknowledged add, or no recovery.`,
  spec: {
    before: { default: 5, min: 1, max: 120, help: 'seconds of load before the stop' },
    down: { default: 10, min: 1, max: 300, help: 'seconds PostgreSQL stays stopped' },
    after: { default: 10, min: 2, max: 300, help: 'seconds of load after the start' },
    workers: { default: 4, min: 1, max: 50, help: 'clients, each one request at a time' },
  },
  timeLimit: 300,
});

requireBuild();
const work = tempDir('visa-drill-pg-restart-');
const pgDir = fs.mkdtempSync('/tmp/visa-drill-pgr-');
const pgCluster = path.join(root, 'scripts/pg-cluster.sh');
const cluster = (...args) => {
  const r = spawnSync('bash', [pgCluster, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pg-cluster.sh ${args[0]} failed: ${r.stderr}`);
  return r.stdout.trim();
};
onCleanup(() => spawnSync('bash', [pgCluster, 'stop', pgDir], { stdio: 'ignore' }));
const databaseUrl = cluster('start', pgDir, String(await freePort()));

const product = await startProduct({
  env: { DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, 'data'), APP_SECRET: 'd'.repeat(40) },
  logFile: path.join(work, 'server.log'),
});
const session = await signIn(product.base);
const load = await steadyLoad({ base: product.base, session, workers: opts.workers });

await sleep(opts.before * 1000);
load.setPhase('during');
const stoppedAt = Date.now();
cluster('down', pgDir);
const readyDown = await readyUntil(product.base, (r) => r.status === 503, 10_000);
await sleep(Math.max(0, opts.down * 1000 - (Date.now() - stoppedAt)));
cluster('up', pgDir);
load.setPhase('after');
const startedAt = Date.now();
await sleep(opts.after * 1000);
await load.stop();
const readyAfter = await readyUntil(product.base, (r) => r.status === 200, 10_000);

const problems = [];
if (product.crashed) {
  console.log(`the product exited:\n${fs.readFileSync(product.logFile, 'utf8').trimEnd().split('\n').slice(-20).join('\n')}`);
  process.exit(1);
}
for (const id of load.acked) {
  const wrong = await checkApplication(product.base, session, id);
  if (wrong) problems.push(`acknowledged add lost or broken: ${wrong}`);
}
const bad = ['before', 'during', 'after'].reduce((n, p) => n + load.countOf(p, isBadFiveHundred), 0);
const unavailable =
  load.countOf('during', (k) => k.includes('503+Retry-After')) + load.countOf('after', (k) => k.includes('503+Retry-After'));
const recovered = load.countOf('after', (k) => k === 'add 2xx');
if (bad > 0) problems.push(`${bad} answers were a 5xx other than 503 with Retry-After`);
if (recovered === 0) problems.push('no add succeeded after PostgreSQL came back: the pool did not recover');
if (readyDown?.status !== 503 || readyDown.body?.database !== 'error') problems.push(`/api/ready while down: ${JSON.stringify(readyDown)}`);
if (readyAfter?.status !== 200) problems.push(`/api/ready after: ${JSON.stringify(readyAfter)}`);
if (product.crashed) problems.push('the product process exited');

console.log(`postgres-restart: ${machine()}`);
console.log(`PostgreSQL stopped for ${opts.down} s under ${opts.workers} clients; answers by phase and kind:`);
console.log(load.table());
console.log(
  `503 with Retry-After: ${unavailable}; other 5xx: ${bad}; acknowledged adds: ${load.acked.length}, lost: ${problems.filter((p) => p.startsWith('acknowledged')).length}`,
);
console.log(`/api/ready while down: ${readyDown?.status} ${JSON.stringify(readyDown?.body)}`);
console.log(
  `adds that succeeded after the start, same process: ${recovered} (first ${((Date.now() - startedAt) / 1000).toFixed(0)} s window)`,
);
await product.stop();
if (problems.length > 0) {
  console.log(`FAILED:\n  ${problems.slice(0, 20).join('\n  ')}`);
  process.exit(1);
}
console.log('OK');
process.exit(0);
