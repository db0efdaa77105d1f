// Drill: the disk under DATA_DIR fills up under load, then gets room again (ADR 0068). DATA_DIR
// (the SQLite database and the local file store) is on a small tmpfs mounted for the drill, most
// of it taken by a filler file; clients add applications (with a photo) and read the list until
// adds are refused, then the filler goes. Counted: answers by phase and kind. Refused: a 5xx other
// than 507 or 503 with Retry-After, /api/ready not saying the disk is full, an acknowledged add
// missing, no add succeeding once there is room (the product must not need a restart), or a
// half-written file left in the store.
//
// Mounting needs root (or CAP_SYS_ADMIN). Without it the drill says so and stops: a folder cannot
// be made "full" without a file system of its own (a quota or a loop device needs root too).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { drillOptions, machine, onCleanup, sleep, tempDir } from './lib/harness.mjs';
import { isBadFiveHundred, readyUntil, steadyLoad } from './lib/outage.mjs';
import { checkApplication, requireBuild, signIn, startProduct } from './lib/product.mjs';

const opts = drillOptions({
  usage: `
node bench/drills/disk-full.mjs [options]      (after npm run build; as root, to mount a tmpfs)

One instance on SQLite with DATA_DIR on a --size-mb tmpfs, all but --headroom-mb of it filled;
--workers clients add and read until adds are refused for --full seconds, then the filler is
removed and the load goes on for --after seconds. Exits 1 on a 5xx other than 507 or 503 with
Retry-After, /api/ready not reporting the full disk, a lost acknowledged add, no recovery, or a
half-written file.`,
  spec: {
    'size-mb': { default: 64, min: 16, max: 4096, help: 'size of the tmpfs' },
    'headroom-mb': { default: 3, min: 1, max: 1024, help: 'free space left when the load starts' },
    full: { default: 5, min: 1, max: 300, help: 'seconds of load once the disk is full' },
    after: { default: 5, min: 2, max: 300, help: 'seconds of load after room is made' },
    workers: { default: 4, min: 1, max: 50, help: 'clients, each one request at a time' },
  },
  timeLimit: 300,
});

requireBuild();
const mountPoint = tempDir('visa-drill-disk-full-');
const logDir = tempDir('visa-drill-disk-full-log-');
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${opts['size-mb']}m,mode=0700`, 'tmpfs', mountPoint], { encoding: 'utf8' });
if (mounted.status !== 0) {
  console.log(`disk-full: SKIPPED: cannot mount a tmpfs here (${(mounted.stderr || mounted.error?.message || '').trim()}); run as root.`);
  process.exit(0);
}
// Registered after the folder's own cleanup, so it runs first: lazily, as the server may still hold files.
onCleanup(() => spawnSync('umount', ['-l', mountPoint]));

const dataDir = path.join(mountPoint, 'data');
const product = await startProduct({
  env: { DATA_DIR: dataDir, APP_SECRET: 'f'.repeat(40), READY_DISK_MIN_FREE_MB: '1' },
  logFile: path.join(logDir, 'server.log'),
});
const session = await signIn(product.base);

// All but the headroom taken, so the load fills the rest within seconds.
const filler = path.join(mountPoint, 'filler');
const free = () => {
  const s = fs.statfsSync(mountPoint);
  return s.bavail * s.bsize;
};
fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free() - opts['headroom-mb'] * 1024 * 1024)));

const load = await steadyLoad({ base: product.base, session, workers: opts.workers });
const deadline = Date.now() + 60_000;
while (load.countOf('before', (k) => k === 'add 507') === 0 && Date.now() < deadline) await sleep(100);
load.setPhase('full');
const readyFull = await readyUntil(product.base, (r) => r.status === 503, 10_000);
await sleep(opts.full * 1000);
fs.rmSync(filler);
load.setPhase('after');
await sleep(opts.after * 1000);
await load.stop();
const readyAfter = await readyUntil(product.base, (r) => r.status === 200, 10_000);

const problems = [];
for (const id of load.acked) {
  const wrong = await checkApplication(product.base, session, id);
  if (wrong) problems.push(`acknowledged add lost or broken: ${wrong}`);
}
const tempLeft = fs.readdirSync(path.join(dataDir, 'uploads', '.tmp'));
const bad = ['before', 'full', 'after'].reduce((n, p) => n + load.countOf(p, isBadFiveHundred), 0);
const refused = load.countOf('full', (k) => k === 'add 507') + load.countOf('before', (k) => k === 'add 507');
const recovered = load.countOf('after', (k) => k === 'add 2xx');
if (refused === 0) problems.push('the disk never filled: no add was refused with 507');
if (bad > 0) problems.push(`${bad} answers were a 5xx other than 507 or 503 with Retry-After`);
if (recovered === 0) problems.push('no add succeeded once there was room again');
if (tempLeft.length > 0) problems.push(`half-written files left in the store: ${tempLeft.length}`);
if (readyFull?.status !== 503 || readyFull.body?.disk !== 'full') problems.push(`/api/ready while full: ${JSON.stringify(readyFull)}`);
if (readyAfter?.status !== 200) problems.push(`/api/ready after: ${JSON.stringify(readyAfter)}`);
if (product.crashed) problems.push('the product process exited');

console.log(`disk-full: ${machine()}`);
console.log(`DATA_DIR on a ${opts['size-mb']} MB tmpfs filled under ${opts.workers} clients, then freed; answers by phase and kind:`);
console.log(load.table());
console.log(
  `adds refused with 507: ${refused}; other 5xx: ${bad}; acknowledged adds: ${load.acked.length}, lost: ${problems.filter((p) => p.startsWith('acknowledged')).length}; half-written files: ${tempLeft.length}`,
);
console.log(`/api/ready while full: ${readyFull?.status} ${JSON.stringify(readyFull?.body)}`);
await product.stop();
if (problems.length > 0) {
  console.log(`FAILED:\n  ${problems.slice(0, 20).join('\n  ')}`);
  process.exit(1);
}
console.log('OK');
process.exit(0);
