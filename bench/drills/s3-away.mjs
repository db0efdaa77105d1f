// Drill: the S3-compatible store away under load (ADR 0068). One instance on SQLite with its files
// in s3rver (the S3 server the tests use, in a child process) behind a TCP gate; clients add
// applications (with a photo) and read the list. The gate is shut for --down seconds (connections
// refused, open ones cut), then opened again on the same port. Counted: answers by phase and kind. Refused: a 5xx other than 503 with
// Retry-After, an acknowledged add missing or without its photo, no add succeeding after the store
// returns, or an object no row refers to (half-stored adds) left after the orphan sweep.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort, root } from '../lib/processes.mjs';
import { drillOptions, machine, onCleanup, sleep, tempDir } from './lib/harness.mjs';
import { openGate } from './lib/tcp-gate.mjs';
import { isBadFiveHundred, readyUntil, steadyLoad } from './lib/outage.mjs';
import { checkApplication, requireBuild, signIn, startProduct } from './lib/product.mjs';

const opts = drillOptions({
  usage: `
node bench/drills/s3-away.mjs [options]      (after npm run build)

One instance on SQLite + s3rver behind a TCP gate; --workers clients add and read for --before
seconds, the store is cut off for --down seconds, then reachable again, and the load goes on for --after seconds. Then
the orphan sweep runs. Exits 1 on a 5xx other than 503 with Retry-After, a lost acknowledged
add, no recovery, or an orphan left after the sweep.`,
  spec: {
    before: { default: 5, min: 1, max: 120, help: 'seconds of load before the stop' },
    down: { default: 30, min: 1, max: 300, help: 'seconds the store stays away' },
    after: { default: 10, min: 2, max: 300, help: 'seconds of load after its return' },
    workers: { default: 4, min: 1, max: 50, help: 'clients, each one request at a time' },
  },
  timeLimit: 400,
});

requireBuild();
const work = tempDir('visa-drill-s3-away-');
const bucket = 'visa-drill';
const s3Dir = path.join(work, 's3');
fs.mkdirSync(s3Dir);
const s3Port = await freePort();
const s3rverPath = createRequire(import.meta.url).resolve('s3rver');

/** s3rver in a child process (its listings use DES, which needs OpenSSL's legacy provider). */
async function startS3() {
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      '-e',
      `const S3rver = require(${JSON.stringify(s3rverPath)});
       new S3rver({ address: '127.0.0.1', port: ${s3Port}, silent: true, directory: ${JSON.stringify(s3Dir)}, configureBuckets: [{ name: '${bucket}' }] })
         .run().then(() => console.log('up'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  onCleanup(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('up') && resolve());
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
}

const stopS3 = await startS3();
const gate = await openGate(s3Port);
const env = {
  DATA_DIR: path.join(work, 'data'),
  APP_SECRET: 's'.repeat(40),
  STORAGE_DRIVER: 's3',
  S3_BUCKET: bucket,
  S3_ENDPOINT: `http://127.0.0.1:${gate.port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
};
const product = await startProduct({ env, logFile: path.join(work, 'server.log') });
const session = await signIn(product.base);
const load = await steadyLoad({ base: product.base, session, workers: opts.workers });

await sleep(opts.before * 1000);
load.setPhase('during');
const stoppedAt = Date.now();
await gate.shut();
const readyDown = await readyUntil(product.base, (r) => r.status === 503, 10_000);
await sleep(Math.max(0, opts.down * 1000 - (Date.now() - stoppedAt)));
await gate.open();
load.setPhase('after');
await sleep(opts.after * 1000);
await load.stop();
const readyAfter = await readyUntil(product.base, (r) => r.status === 200, 10_000);

const problems = [];
for (const id of load.acked) {
  const wrong = await checkApplication(product.base, session, id);
  if (wrong) problems.push(`acknowledged add lost or broken: ${wrong}`);
}
// Objects no row refers to, counted by the sweep before it removes them (a minimum age of 0:
// nothing is being written any more). Run without blocking: the gate lives in this process.
const sweep = (...args) =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'apps/api/dist/cli/admin.js'), 'sweep-files', '--min-age', '0', ...args],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env }, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr }),
    );
  });
const orphanCount = (run) => Number(/(\d+) orphaned/.exec(run.stdout)?.[1] ?? NaN);
const orphans = orphanCount(await sweep('--dry-run'));
const swept = await sweep();
const after = await sweep('--dry-run');
const orphansAfter = orphanCount(after);
const bad = ['before', 'during', 'after'].reduce((n, p) => n + load.countOf(p, isBadFiveHundred), 0);
const uploadsInGap = load.countOf('during', (k) => k.startsWith('add '));
const uploads503 = load.countOf('during', (k) => k === 'add 503+Retry-After');
const recovered = load.countOf('after', (k) => k === 'add 2xx');
if (bad > 0) problems.push(`${bad} answers were a 5xx other than 503 with Retry-After`);
if (recovered === 0) problems.push('no add succeeded after the store came back');
if (!(orphansAfter === 0))
  problems.push(`orphaned objects after the sweep: ${orphansAfter} (${after.stdout.trim()} ${after.stderr.trim()})`);
if (swept.status !== 0) problems.push(`the sweep failed: ${swept.stderr.trim()}`);
if (readyDown?.status !== 503 || readyDown.body?.storage !== 'error') problems.push(`/api/ready while away: ${JSON.stringify(readyDown)}`);
if (readyAfter?.status !== 200) problems.push(`/api/ready after: ${JSON.stringify(readyAfter)}`);
if (product.crashed) problems.push('the product process exited');

console.log(`s3-away: ${machine()}`);
console.log(`store cut off for ${opts.down} s under ${opts.workers} clients; answers by phase and kind:`);
console.log(load.table());
console.log(`uploads in the gap: ${uploadsInGap}, of which 503 with Retry-After: ${uploads503}; other 5xx: ${bad}`);
console.log(
  `acknowledged adds: ${load.acked.length}, lost: ${problems.filter((p) => p.startsWith('acknowledged')).length}; orphans before the sweep: ${orphans}, after: ${orphansAfter}`,
);
console.log(`/api/ready while away: ${readyDown?.status} ${JSON.stringify(readyDown?.body)}`);
await product.stop();
await stopS3();
if (problems.length > 0) {
  console.log(`FAILED:\n  ${problems.slice(0, 20).join('\n  ')}`);
  process.exit(1);
}
console.log('OK');
process.exit(0);
