// The product against a same-work reference (bench/README.md "1. Same-work reference"). Seeds
// applications into a temporary SQLite DATA_DIR, starts the built product and the bare node:http
// reference (lib/reference-server.mjs) on that same file, checks that both give the same answers,
// then for each target alternates warm-up + measured runs of the two (same connections, same
// seconds, the order swapped every round so the machine's drift hits both). The figure is
// product req/s ÷ reference req/s. Run after `npm run build`:  node bench/reference.mjs
// Knobs: ROWS (100000), CONNECTIONS (50), SECONDS (10), WARMUP (2), ROUNDS (2), ONLY (a target name part).
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientAddress, measure } from './lib/load.mjs';
import { cpuSeconds, serverJs, startReference, startServer } from './lib/processes.mjs';
import { enquiryPathOf, passportOf, seedApplications } from './lib/seed-applications.mjs';

const ROWS = Number(process.env.ROWS ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const TARGET = { ratio: 0.8, p99Factor: 1.5 };

if (!fs.existsSync(serverJs)) {
  console.error('apps/api/dist is missing: run `npm run build` first.');
  process.exit(1);
}

// Headers that belong to one answer or one connection, not to the product's policy.
const PER_ANSWER = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'cache-control',
  'transfer-encoding',
  'set-cookie',
]);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-reference-'));
const secret = randomBytes(32).toString('hex');
const stops = [];
let failed = true;
try {
  const t0 = Date.now();
  const { token } = await seedApplications({ dataDir, secret, count: ROWS });
  console.log(`seeded ${ROWS} applications in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // One proxy hop is trusted so that each status check can come from its own client address:
  // its limits are per address (30 per 15 minutes) and per passport, so one address would
  // measure the 429 path. Both servers read the address the same way.
  const env = { DATA_DIR: dataDir, APP_SECRET: secret, TRUST_PROXY: '1' };
  const product = await startServer(env);
  stops.push(product.stop);
  // A browser holds the anti-forgery cookie after its first answer and sends it back (ADR 0005);
  // a client without it gets a new one on every answer, from both servers.
  const cookie = `XSRF-TOKEN=${randomBytes(24).toString('base64url')}`;
  const headers = { authorization: `Bearer ${token}`, cookie };
  const probe = await fetch(`${product.base}/api/users/me`, { headers });
  if (probe.status !== 200) throw new Error(`product /api/users/me: ${probe.status} ${await probe.text()}`);
  // The reference sends the product's security headers as they are (one constant list).
  const policy = Object.fromEntries([...probe.headers].filter(([name]) => !PER_ANSWER.has(name)));
  const reference = await startReference({ ...env, REFERENCE_HEADERS: JSON.stringify(policy) });
  stops.push(reference.stop);

  // Every status check is another seeded applicant from another address, never repeated across
  // runs (a shared counter), so neither server meets a limit and both do the same writes.
  let next = 0;
  const enquiryRequest = (req) => {
    const i = next++;
    req.path = enquiryPathOf(i % ROWS);
    req.headers = { ...req.headers, 'x-forwarded-for': clientAddress(i, 10) };
    return req;
  };
  const prefix = passportOf(Math.floor(ROWS / 2)).slice(0, 5);
  const targets = [
    { name: 'staff list page 1', path: '/api/application/fetchApplication?page=1&limit=10', headers },
    { name: `search=${prefix}`, path: `/api/application/fetchApplication?page=1&limit=10&search=${prefix}`, headers },
    { name: '/api/users/me', path: '/api/users/me', headers },
    { name: 'status check (enquiry)', path: '/api/application/fetchApplicationEnquiry', headers: { cookie }, setupRequest: enquiryRequest },
  ].filter((t) => !process.env.ONLY || t.name.includes(process.env.ONLY));

  // Same answers first: the same JSON (key order aside) and the same headers besides per-answer ones.
  for (const t of targets) {
    const answers = [];
    for (const server of [product, reference]) {
      const req = t.setupRequest ? t.setupRequest({ path: t.path, headers: {} }) : { path: t.path, headers: {} };
      const res = await fetch(`${server.base}${req.path}`, { headers: { ...t.headers, ...req.headers } });
      const body = await res.json();
      if (t.setupRequest) next--; // the same applicant for both: compare like with like
      answers.push({ status: res.status, body, headers: Object.fromEntries([...res.headers].filter(([n]) => n !== 'date')) });
    }
    next++;
    const [p, r] = answers;
    if (p.status !== 200 || !isDeepStrictEqual(p.body, r.body)) {
      throw new Error(
        `${t.name}: answers differ\nproduct ${p.status} ${JSON.stringify(p.body).slice(0, 600)}\nreference ${r.status} ${JSON.stringify(r.body).slice(0, 600)}`,
      );
    }
    const headerDiff = Object.keys({ ...p.headers, ...r.headers }).filter(
      (n) => !['content-length', 'keep-alive'].includes(n) && p.headers[n] !== r.headers[n],
    );
    if (headerDiff.length)
      throw new Error(`${t.name}: headers differ: ${headerDiff.map((n) => `${n}: ${p.headers[n]} | ${r.headers[n]}`).join('; ')}`);
    t.check = Array.isArray(p.body.applications)
      ? `${p.body.applications.length} rows${p.body.totalApplication !== undefined ? ` of ${p.body.totalApplication}` : ''}`
      : 'same user';
  }

  const run = async (server, t, seconds) => {
    const cpuBefore = cpuSeconds(server.pid);
    const m = await measure({
      url: `${server.base}${t.path}`,
      headers: t.headers,
      setupRequest: t.setupRequest,
      connections: CONNECTIONS,
      seconds,
    });
    return { ...m, cpuSeconds: cpuSeconds(server.pid) - cpuBefore };
  };
  const results = [];
  for (const t of targets) {
    const runs = { product: [], reference: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['product', 'reference'] : ['reference', 'product'];
      for (const side of order) {
        const server = side === 'product' ? product : reference;
        await run(server, t, WARMUP);
        runs[side].push(await run(server, t, SECONDS));
      }
    }
    const mean = (list, key) => list.reduce((sum, m) => sum + m[key], 0) / list.length;
    const sum = (list, key) => list.reduce((s, m) => s + m[key], 0);
    const figures = (list) => ({
      reqPerSec: Math.round(mean(list, 'reqPerSec')),
      p50Ms: +mean(list, 'p50Ms').toFixed(1),
      p99Ms: +mean(list, 'p99Ms').toFixed(1),
      bad: sum(list, 'non2xx') + sum(list, 'errors'),
      reqPerCpuSecond: Math.round(sum(list, 'requests') / sum(list, 'cpuSeconds')),
    });
    const p = figures(runs.product);
    const r = figures(runs.reference);
    const ratio = +(p.reqPerSec / r.reqPerSec).toFixed(2);
    const cpuRatio = +(p.reqPerCpuSecond / r.reqPerCpuSecond).toFixed(2);
    const meets = ratio >= TARGET.ratio && p.p99Ms <= TARGET.p99Factor * r.p99Ms && p.bad === 0 && r.bad === 0;
    results.push({ name: t.name, check: t.check, product: p, reference: r, ratio, cpuRatio, meetsTarget: meets, rounds: runs });
  }

  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\n${new Date().toISOString()} — ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per side (after ${WARMUP} s warm-up), ${ROWS} applications, ${os.cpus().length} CPUs, load average ${load}\n`,
  );
  console.log(
    `${'target'.padEnd(26)} | product req/s  p50  p99 | reference req/s  p50  p99 | ratio  p99×  bad  ok | req per CPU s: product reference ratio | answer`,
  );
  for (const x of results) {
    const { product: p, reference: r } = x;
    console.log(
      `${x.name.padEnd(26)} | ${String(p.reqPerSec).padStart(13)} ${String(p.p50Ms).padStart(4)} ${String(p.p99Ms).padStart(4)} | ${String(r.reqPerSec).padStart(15)} ${String(r.p50Ms).padStart(4)} ${String(r.p99Ms).padStart(4)} | ${x.ratio.toFixed(2).padStart(5)} ${(p.p99Ms / r.p99Ms).toFixed(2).padStart(5)} ${String(p.bad + r.bad).padStart(4)} ${x.meetsTarget ? 'yes' : ' NO'} | ${String(p.reqPerCpuSecond).padStart(21)} ${String(r.reqPerCpuSecond).padStart(9)} ${x.cpuRatio.toFixed(2).padStart(5)} | ${x.check}`,
    );
  }
  console.log(`\ntarget: product/reference req/s >= ${TARGET.ratio}, product p99 <= ${TARGET.p99Factor} × reference p99, no errors`);
  console.log(
    JSON.stringify({
      date: new Date().toISOString(),
      rows: ROWS,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      loadAverage: os.loadavg(),
      results: results.map(({ rounds: _rounds, ...x }) => x),
    }),
  );
  failed = results.some((x) => !x.meetsTarget);
} catch (err) {
  console.error(err);
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
