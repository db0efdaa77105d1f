// A server process's memory (ADR 0074, ADR 0098): the built server started as `npm start` starts it
// (Node's options from scripts/lib.mjs), on a seeded SQLite DATA_DIR; its resident set size (RSS,
// from /proc, with its anonymous and file-backed parts) idle after start-up, through a mixed load
// and after it; what it has loaded (package files, by package); and the largest entries of heap
// snapshots taken idle and after the load (self sizes by kind, and the largest strings, which show
// module sources and data kept alive).
//   node bench/memory.mjs                    idle, then a 20-second mix
//   LOAD_SECONDS=600 node bench/memory.mjs   the ten-minute mix
// Knobs: ROWS (10000) applications seeded, IDLE_SECONDS (10) before the first reading, LOAD_SECONDS
// (20) of the mix at CONNECTIONS (20), read every SAMPLE_SECONDS (LOAD_SECONDS / 10), read 2 s after
// it and again after QUIET_SECONDS (35) without requests, TOP (15) entries listed, MALLOC_ARENA_MAX
// passed to the server when set; exit 1 when idle
// RSS is over MAX_IDLE_MB (120) or RSS once quiet after the load over MAX_LOADED_MB (160).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_OPTIONS } from '../scripts/lib.mjs';
import { freePort, root, serverJs } from './lib/processes.mjs';
import { enquiryPathOf, passportOf, seedApplications } from './lib/seed-applications.mjs';

const ROWS = Number(process.env.ROWS ?? 10_000);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 10);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const SAMPLE_SECONDS = Number(process.env.SAMPLE_SECONDS ?? Math.max(1, LOAD_SECONDS / 10));
const TOP = Number(process.env.TOP ?? 15);
const MAX_IDLE_MB = Number(process.env.MAX_IDLE_MB ?? 120);
const MAX_LOADED_MB = Number(process.env.MAX_LOADED_MB ?? 160);
const QUIET_SECONDS = Number(process.env.QUIET_SECONDS ?? 35);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** RSS in MB with its anonymous (heap, malloc) and file-backed (node binary, ICU, native modules) parts. */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const [total, anon, file] = ['VmRSS', 'RssAnon', 'RssFile'].map(
    (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024,
  );
  return { total, anon, file, text: `${total.toFixed(1)} MB (${anon.toFixed(1)} anonymous + ${file.toFixed(1)} file-backed)` };
}
const mb = (bytes) => (bytes / 1048576).toFixed(1);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-memory-'));
const dataDir = path.join(work, 'data');
const secret = randomBytes(32).toString('hex');
const { token } = await seedApplications({ dataDir, secret, count: ROWS });

// A module hook that writes down every file the server loads (the server's own code is unchanged).
const loadedFile = path.join(work, 'loaded.txt');
fs.writeFileSync(loadedFile, '');
fs.writeFileSync(
  path.join(work, 'hooks.mjs'),
  `import fs from 'node:fs';\nexport async function load(url, context, next) {\n  fs.appendFileSync(${JSON.stringify(loadedFile)}, url + '\\n');\n  return next(url, context);\n}\n`,
);
fs.writeFileSync(
  path.join(work, 'register.mjs'),
  `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(path.join(work, 'hooks.mjs')).href)});\n`,
);

/** The built server on the seeded DATA_DIR, with Node's options as npm start gives them and `extra`. */
async function startServer(extra) {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ...extra, serverJs], {
    cwd: work,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // glibc's arenas, to compare (bench/HISTORY.md): unset, as the server runs by default.
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
      DATA_DIR: dataDir,
      APP_SECRET: secret,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  await sleep(IDLE_SECONDS * 1000);
  return {
    base,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Asks the process for a heap snapshot (Node writes it into its working folder on SIGUSR2) and waits for it. */
async function heapSnapshot(child) {
  const before = new Set(fs.readdirSync(work));
  child.kill('SIGUSR2');
  for (let i = 0; i < 600; i++) {
    await sleep(200);
    const found = fs.readdirSync(work).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    // Written once its size stops changing.
    if (found) {
      const size = fs.statSync(path.join(work, found)).size;
      await sleep(500);
      if (size > 0 && fs.statSync(path.join(work, found)).size === size) return path.join(work, found);
    }
  }
  throw new Error('no heap snapshot was written');
}

/** A snapshot's live size, self sizes by kind, and its largest strings. */
function summarise(file) {
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.rmSync(file);
  const { node_fields: fields, node_types: nodeTypes } = snapshot.snapshot.meta;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const kinds = new Map();
  const strings = [];
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = nodeTypes[0][snapshot.nodes[i + typeAt]];
    const name = snapshot.strings[snapshot.nodes[i + nameAt]];
    const size = snapshot.nodes[i + sizeAt];
    total += size;
    const kind = type === 'object' || type === 'native' ? name.slice(0, 40) : `(${type})`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + size);
    if (type === 'string' && size > 50_000) strings.push([size, name.slice(0, 70).replace(/\s+/g, ' ')]);
  }
  return { total, kinds, strings };
}

// First as an operator runs it (the snapshot signal costs nothing until used): RSS idle, through
// the mix and after it, then a heap snapshot of what the load left.
const plain = await startServer(['--heapsnapshot-signal=SIGUSR2']);
const idle = rssOf(plain.child.pid);
// The mix: the staff list, a search, the signed-in check and the public status check.
let n = 0;
const paths = [
  () => '/api/application/fetchApplication?page=1&limit=10',
  () => `/api/application/fetchApplication?page=1&limit=10&search=${passportOf((n * 7) % ROWS).slice(0, 5)}`,
  () => '/api/users/me',
  () => enquiryPathOf((n * 13) % ROWS),
];
const samples = [];
const sampler = setInterval(() => samples.push(rssOf(plain.child.pid).total), SAMPLE_SECONDS * 1000);
const load = await autocannon({
  url: plain.base,
  connections: CONNECTIONS,
  duration: LOAD_SECONDS,
  requests: [
    {
      setupRequest: (req) => {
        n += 1;
        const at = paths[n % paths.length]();
        const headers = {
          ...req.headers,
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          authorization: `Bearer ${token}`,
        };
        return { ...req, path: at, headers };
      },
    },
  ],
});
clearInterval(sampler);
await sleep(2000);
const afterLoad = rssOf(plain.child.pid);
// Once quiet, the server gives back what the load grew (ADR 0098: its watch looks every 15 s).
await sleep(QUIET_SECONDS * 1000);
const afterQuiet = rssOf(plain.child.pid);
const loaded = summarise(await heapSnapshot(plain.child));
await plain.stop();

// Then with the module hook (its own thread costs memory, so not in the figures above) and a heap
// snapshot taken idle.
const probed = await startServer(['--heapsnapshot-signal=SIGUSR2', '--import', pathToFileURL(path.join(work, 'register.mjs')).href]);
const byPackage = new Map();
const lines = fs.readFileSync(loadedFile, 'utf8').split('\n').filter(Boolean);
for (const url of lines) {
  const name =
    /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ??
    (url.startsWith('node:') ? '(node)' : url.includes(`${root}/apps/api/`) ? '(apps/api)' : '(other)');
  byPackage.set(name, (byPackage.get(name) ?? 0) + 1);
}
const atRest = summarise(await heapSnapshot(probed.child));
await probed.stop();
fs.rmSync(work, { recursive: true, force: true });

const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP);
console.log(`node ${process.version} ${SERVER_NODE_OPTIONS.join(' ')}; load average ${os.loadavg()[0].toFixed(1)}; ${ROWS} applications`);
console.log(`RSS idle ${IDLE_SECONDS} s after start-up: ${idle.text} (target ≤ ${MAX_IDLE_MB} MB)`);
console.log(`RSS every ${SAMPLE_SECONDS} s of the mix: ${samples.map((v) => v.toFixed(0)).join(' ')} MB`);
console.log(
  `RSS after ${LOAD_SECONDS} s of the mix at ${CONNECTIONS} connections (${Math.round(load.requests.average)} req/s, non-2xx ${load.non2xx}, errors ${load.errors}): ${afterLoad.text} 2 s after it, ${afterQuiet.text} after ${QUIET_SECONDS} s quiet (target ≤ ${MAX_LOADED_MB} MB)`,
);
console.log(
  `\nmodules loaded at start (ES modules, CommonJS entry points): ${lines.length}; by package: ${top(byPackage)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
console.log(`\nheap snapshots, live: ${mb(atRest.total)} MB idle, ${mb(loaded.total)} MB after the load; self size by kind (MB):`);
console.log('    idle  after load');
for (const [kind, size] of top(atRest.kinds))
  console.log(`  ${mb(size).padStart(6)}  ${mb(loaded.kinds.get(kind) ?? 0).padStart(6)}  ${kind}`);
for (const [kind, size] of top(loaded.kinds).filter(([kind]) => !top(atRest.kinds).some(([k]) => k === kind)))
  console.log(`  ${mb(atRest.kinds.get(kind) ?? 0).padStart(6)}  ${mb(size).padStart(6)}  ${kind}`);
console.log('largest strings idle (module sources, data kept alive):');
for (const [size, text] of atRest.strings.sort((a, b) => b[0] - a[0]).slice(0, TOP)) console.log(`  ${mb(size).padStart(6)} MB  ${text}`);
process.exit(idle.total > MAX_IDLE_MB || afterQuiet.total > MAX_LOADED_MB ? 1 : 0);
