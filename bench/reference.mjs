// The product against a same-work reference (bench/README.md; its rounds in bench/HISTORY.md). Seeds
// applications into a temporary SQLite DATA_DIR, starts the built product as `npm start` runs it
// (the configuration's defaults, LOG_LEVEL=info included, its log written to a file) and the bare
// node:http reference (lib/reference-server.mjs, which writes its own request-log line to a file)
// on that same file, checks that both give the same answers, then for each target alternates
// warm-up + measured runs of the two (same connections, same seconds, the order turned every round
// so the machine's drift hits both). All of that is done PAIRS times with a fresh pair of processes:
// one process of the same build can answer noticeably faster or slower than the next
// (bench/HISTORY.md). The figure is product req/s ÷ reference req/s, the median over the pairs.
// With `--previous <dir>` (an earlier release's root, prepared as bench/README.md shows), that
// release runs in the same rounds on a database of its own seeded by its own script, and gets its
// ratio to the same reference. Run after `npm run build`:  node bench/reference.mjs [--previous <dir>]
// Knobs: ROWS (100000), CONNECTIONS (50), SECONDS (10), WARMUP (2), ROUNDS (2), PAIRS (3), ONLY (a target name part).
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientAddress, measureWithCpu } from './lib/load.mjs';
import { serverJs, startAsOffice, startReference } from './lib/processes.mjs';
import { enquiryPathOf, passportOf, seedApplications } from './lib/seed-applications.mjs';

const ROWS = Number(process.env.ROWS ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const PAIRS = Number(process.env.PAIRS ?? 3);
const TARGET = { ratio: 0.85, p99Factor: 1.5 };

const { values: options } = parseArgs({ options: { previous: { type: 'string' } } });
const previousRoot = options.previous && path.resolve(options.previous);
const previousSeed = previousRoot && path.join(previousRoot, 'bench/lib/seed-applications.mjs');
if (previousRoot && !fs.existsSync(previousSeed)) {
  console.error(`--previous ${previousRoot}: no bench/lib/seed-applications.mjs there; prepare the release as bench/README.md shows.`);
  process.exit(1);
}

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
  // The earlier release on its own copy of the same rows: its own migrations, its own seed script.
  const previousDir = previousRoot && fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-previous-'));
  const previousSeeded = previousRoot && (await import(pathToFileURL(previousSeed).href));
  const previousToken = previousRoot && (await previousSeeded.seedApplications({ dataDir: previousDir, secret, count: ROWS })).token;
  if (previousRoot) stops.push(async () => fs.rmSync(previousDir, { recursive: true, force: true }));
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-logs-'));
  stops.push(async () => fs.rmSync(logDir, { recursive: true, force: true }));

  // One proxy hop is trusted so that each status check can come from its own client address:
  // its limits are per address (30 per 15 minutes) and per passport, so one address would
  // measure the 429 path. Both servers read the address the same way.
  const env = { DATA_DIR: dataDir, APP_SECRET: secret, TRUST_PROXY: '1' };
  // A browser holds the anti-forgery cookie after its first answer and sends it back (ADR 0005);
  // a client without it gets a new one on every answer, from both servers.
  const cookie = `XSRF-TOKEN=${randomBytes(24).toString('base64url')}`;
  const headers = { authorization: `Bearer ${token}`, cookie };
  const logOf = (name) => path.join(logDir, `${name}.log`);
  const startPair = async () => {
    for (const name of ['product', 'reference', 'previous']) fs.rmSync(logOf(name), { force: true });
    const product = await startAsOffice(env, { logFile: logOf('product') });
    stops.push(product.stop);
    const probe = await fetch(`${product.base}/api/users/me`, { headers });
    if (probe.status !== 200) throw new Error(`product /api/users/me: ${probe.status} ${await probe.text()}`);
    // The reference sends the product's security headers as they are (one constant list).
    const policy = Object.fromEntries([...probe.headers].filter(([name]) => !PER_ANSWER.has(name)));
    const reference = await startReference({ ...env, REFERENCE_HEADERS: JSON.stringify(policy), REFERENCE_LOG: logOf('reference') });
    stops.push(reference.stop);
    const previous =
      previousRoot && (await startAsOffice({ ...env, DATA_DIR: previousDir }, { logFile: logOf('previous'), releaseRoot: previousRoot }));
    if (previous) stops.push(previous.stop);
    return { product, reference, previous };
  };
  /** Log lines written per answer, from each side's log file and the answers counted by the load runs. */
  const answered = { product: 0, reference: 0, previous: 0 };
  const linesPerAnswer = (name) => {
    const lines = fs
      .readFileSync(logOf(name), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"reqId"')).length;
    return answered[name] ? lines / answered[name] : 0;
  };
  const logFigures = { product: [], reference: [], previous: [] };

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
  const checkSameAnswers = async (product, reference) => {
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
  };

  // The earlier release signs its own token; its rows are seeded alike (the same passports).
  const headersFor = (side, t) =>
    side === 'previous' && t.headers.authorization ? { ...t.headers, authorization: `Bearer ${previousToken}` } : t.headers;
  const run = async (server, side, t, seconds) => {
    const m = await measureWithCpu(server.pid, {
      url: `${server.base}${t.path}`,
      headers: headersFor(side, t),
      setupRequest: t.setupRequest,
      connections: CONNECTIONS,
      seconds,
    });
    answered[side] += m.requests;
    return m;
  };
  const mean = (list, key) => list.reduce((total, m) => total + m[key], 0) / list.length;
  const sum = (list, key) => list.reduce((total, m) => total + m[key], 0);
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const figures = (list) => ({
    reqPerSec: Math.round(mean(list, 'reqPerSec')),
    p50Ms: +mean(list, 'p50Ms').toFixed(1),
    p99Ms: +mean(list, 'p99Ms').toFixed(1),
    bad: sum(list, 'non2xx') + sum(list, 'errors'),
    reqPerCpuSecond: Math.round(sum(list, 'requests') / sum(list, 'cpuSeconds')),
  });
  const sides = previousRoot ? ['product', 'reference', 'previous'] : ['product', 'reference'];
  const runs = new Map(targets.map((t) => [t, { product: [], reference: [], previous: [], pairRatios: [], previousRatios: [] }]));
  for (let pair = 0; pair < PAIRS; pair++) {
    const servers = await startPair();
    await checkSameAnswers(servers.product, servers.reference);
    for (const side of sides) answered[side] = 0;
    for (const t of targets) {
      const pairRuns = { product: [], reference: [], previous: [] };
      for (let round = 0; round < ROUNDS; round++) {
        // Each side goes first in turn, so the machine's drift hits each alike.
        const order = sides.map((_, i) => sides[(i + round) % sides.length]);
        for (const side of order) {
          await run(servers[side], side, t, WARMUP);
          pairRuns[side].push(await run(servers[side], side, t, SECONDS));
        }
      }
      const all = runs.get(t);
      for (const side of sides) all[side].push(...pairRuns[side]);
      all.pairRatios.push(mean(pairRuns.product, 'reqPerSec') / mean(pairRuns.reference, 'reqPerSec'));
      if (previousRoot) all.previousRatios.push(mean(pairRuns.previous, 'reqPerSec') / mean(pairRuns.reference, 'reqPerSec'));
    }
    for (const side of sides) logFigures[side].push(linesPerAnswer(side));
    for (const side of sides) await servers[side].stop();
  }
  const results = targets.map((t) => {
    const all = runs.get(t);
    const p = figures(all.product);
    const r = figures(all.reference);
    const ratio = +median(all.pairRatios).toFixed(2);
    const cpuRatio = +(p.reqPerCpuSecond / r.reqPerCpuSecond).toFixed(2);
    const meets = ratio >= TARGET.ratio && p.p99Ms <= TARGET.p99Factor * r.p99Ms && p.bad === 0 && r.bad === 0;
    const pairRatios = all.pairRatios.map((x) => +x.toFixed(2));
    const previous = previousRoot
      ? {
          ...figures(all.previous),
          ratio: +median(all.previousRatios).toFixed(2),
          pairRatios: all.previousRatios.map((x) => +x.toFixed(2)),
        }
      : undefined;
    return {
      previous,
      name: t.name,
      check: t.check,
      product: p,
      reference: r,
      ratio,
      pairRatios,
      cpuRatio,
      meetsTarget: meets,
    };
  });

  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\n${new Date().toISOString()} — ${CONNECTIONS} connections, ${PAIRS} process pairs × ${ROUNDS} × ${SECONDS} s per side (after ${WARMUP} s warm-up), ${ROWS} applications, ${os.cpus().length} CPUs, load average ${load}\n`,
  );
  console.log(
    `${'target'.padEnd(26)} | product req/s  p50  p99 | reference req/s  p50  p99 | ratio  p99×  bad  ok | req per CPU s: product reference ratio | ratio of each pair | answer`,
  );
  for (const x of results) {
    const { product: p, reference: r } = x;
    console.log(
      `${x.name.padEnd(26)} | ${String(p.reqPerSec).padStart(13)} ${String(p.p50Ms).padStart(4)} ${String(p.p99Ms).padStart(4)} | ${String(r.reqPerSec).padStart(15)} ${String(r.p50Ms).padStart(4)} ${String(r.p99Ms).padStart(4)} | ${x.ratio.toFixed(2).padStart(5)} ${(p.p99Ms / r.p99Ms).toFixed(2).padStart(5)} ${String(p.bad + r.bad).padStart(4)} ${x.meetsTarget ? 'yes' : ' NO'} | ${String(p.reqPerCpuSecond).padStart(21)} ${String(r.reqPerCpuSecond).padStart(9)} ${x.cpuRatio.toFixed(2).padStart(5)} | ${x.pairRatios
        .map((v) => v.toFixed(2))
        .join(' ')
        .padEnd(18)} | ${x.check}`,
    );
  }
  if (previousRoot) {
    console.log(`\nthe earlier release (${previousRoot}), in the same rounds, against the same reference:`);
    for (const x of results) {
      console.log(
        `${x.name.padEnd(26)} | ${String(x.previous.reqPerSec).padStart(13)} ${String(x.previous.p50Ms).padStart(4)} ${String(x.previous.p99Ms).padStart(4)} | ratio ${x.previous.ratio.toFixed(2)} (pairs ${x.previous.pairRatios.map((v) => v.toFixed(2)).join(' ')}) | now ${x.ratio.toFixed(2)}`,
      );
    }
  }
  const perAnswer = Object.fromEntries(sides.map((side) => [side, logFigures[side].map((v) => +v.toFixed(2))]));
  console.log(
    `\nrequest-log lines written per answer, each pair: ${sides.map((side) => `${side} ${perAnswer[side].join(' ')}`).join('; ')}`,
  );
  console.log(
    `\ntarget: product/reference req/s >= ${TARGET.ratio} (the median over the pairs), product p99 <= ${TARGET.p99Factor} × reference p99, no errors`,
  );
  console.log(
    JSON.stringify({
      date: new Date().toISOString(),
      rows: ROWS,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      pairs: PAIRS,
      loadAverage: os.loadavg(),
      previous: previousRoot,
      logLinesPerAnswer: perAnswer,
      results,
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
