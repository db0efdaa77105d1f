// Where the product's time goes on one hot request: the built server started as `npm start` runs
// it (lib/processes.mjs startAsOffice) under `node --cpu-prof`, loaded for SECONDS, stopped, and its
// profile under load (start-up left out) reduced to the functions, then the packages, with the most
// self time. The text lands in bench/profiles/<TARGET>.txt.
// Run after `npm run build`:  TARGET=me node bench/profile.mjs   (TARGET: list, search, me, status, export)
// Knobs: ROWS (20000), CONNECTIONS (50), SECONDS (8), TOP (30).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientAddress, measure } from './lib/load.mjs';
import { cpuSeconds, root, startAsOffice, startReference } from './lib/processes.mjs';
import { enquiryPathOf, passportOf, seedApplications } from './lib/seed-applications.mjs';

const ROWS = Number(process.env.ROWS ?? 20_000);
const SECONDS = Number(process.env.SECONDS ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const TOP = Number(process.env.TOP ?? 30);
const TARGET = process.env.TARGET ?? 'me';
// SIDE=reference: the same-work reference (lib/reference-server.mjs) under the same load instead,
// to set its profile beside the product's.
const REFERENCE = process.env.SIDE === 'reference';

/** One request read to its end: its time and size, in the shape the report prints. */
async function once(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { reqPerSec: (1 / seconds).toFixed(3), seconds: seconds.toFixed(1), bytes };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-profile-'));
const profileDir = path.join(dataDir, 'profile');
const secret = randomBytes(32).toString('hex');
try {
  const { token } = await seedApplications({ dataDir, secret, count: ROWS });
  const cookie = `XSRF-TOKEN=${randomBytes(24).toString('base64url')}`;
  const headers = { authorization: `Bearer ${token}`, cookie };
  let next = 0;
  const paths = {
    list: { path: '/api/application/fetchApplication?page=1&limit=10', headers },
    search: { path: `/api/application/fetchApplication?page=1&limit=10&search=${passportOf(ROWS >> 1).slice(0, 5)}`, headers },
    me: { path: '/api/users/me', headers },
    status: {
      path: '/api/application/fetchApplicationEnquiry',
      headers: { cookie },
      setupRequest: (req) => {
        const i = next++;
        return { ...req, path: enquiryPathOf(i % ROWS), headers: { ...req.headers, 'x-forwarded-for': clientAddress(i, 10) } };
      },
    },
  };
  // The CSV export of everything: one request, its body read to the end.
  paths.export = { path: '/api/application/export', headers, once: true };
  const target = paths[TARGET];
  if (!target) throw new Error(`TARGET: one of ${Object.keys(paths).join(', ')}`);
  const env = { DATA_DIR: dataDir, APP_SECRET: secret, TRUST_PROXY: '1' };
  const profiling = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  const server = REFERENCE
    ? await startReference({ ...env, REFERENCE_LOG: path.join(dataDir, 'reference.log') }, profiling)
    : await startAsOffice(env, { logFile: path.join(dataDir, 'product.log'), nodeArgs: profiling });
  // Samples before the load are start-up (loading modules, compiling serializers): left out. V8's
  // profile clock and process.hrtime are both the system's monotonic clock, in µs here.
  const loadStartUs = Number(process.hrtime.bigint() / 1000n);
  const cpuBefore = cpuSeconds(server.pid);
  const m = target.once
    ? await once(`${server.base}${target.path}`, target.headers)
    : await measure({
        url: `${server.base}${target.path}`,
        headers: target.headers,
        setupRequest: target.setupRequest,
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  await server.stop();
  const [file] = fs.readdirSync(profileDir);
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8'));
  // Self time per function: each sample's node, the time until the next sample.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (at < loadStartUs) return;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url ? `${path.relative(root, url.replace('file://', ''))}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  const idle = self.get('(idle)') ?? 0;
  self.delete('(idle)');
  // By package or part of the product too: where a change would have to be made.
  const byPart = new Map();
  for (const [key, us] of self) {
    const where = key.split(' ')[1] ?? 'native';
    const part =
      /node_modules\/((@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
      (where.startsWith('node:') ? 'node' : where.startsWith('apps/') ? where.split(':')[0] : 'native');
    byPart.set(part, (byPart.get(part) ?? 0) + us);
  }
  const parts = [...byPart.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([part, us]) => `${((100 * us) / (total - idle)).toFixed(1).padStart(5)} %  ${part}`);
  const lines = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([key, us]) => `${((100 * us) / (total - idle)).toFixed(1).padStart(5)} %  ${key}`);
  const run = target.once
    ? `one request, ${m.seconds} s, ${m.bytes} bytes`
    : `${m.reqPerSec} req/s at ${CONNECTIONS} connections for ${SECONDS} s`;
  const text = `${TARGET}: ${run}, ${ROWS} applications, load ${os.loadavg()[0].toFixed(1)}; ${new Date().toISOString()}\nthe server's CPU ${cpu.toFixed(2)} s; self time, share of the busy time (idle left out), by function:\n${lines.join('\n')}\nby package or file:\n${parts.join('\n')}\n`;
  fs.mkdirSync(path.join(root, 'bench/profiles'), { recursive: true });
  fs.writeFileSync(path.join(root, `bench/profiles/${TARGET}${REFERENCE ? '.reference' : ''}.txt`), text);
  console.log(text);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
