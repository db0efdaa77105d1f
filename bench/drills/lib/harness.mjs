// What every drill shares: options with --help, a hard time limit, temporary folders, and cleanup
// of folders and child processes however the drill ends (normal end, failure, Ctrl-C, time limit).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

// Synchronous on purpose: they also run from process.on('exit'), where nothing asynchronous
// happens any more. Run last-registered first, so a server stops before its folder goes.
const cleanups = [];
let cleaned = false;

export function onCleanup(fn) {
  cleanups.push(fn);
}

function cleanupNow() {
  if (cleaned) return;
  cleaned = true;
  for (const fn of cleanups.reverse()) {
    try {
      fn();
    } catch (err) {
      console.error(`cleanup: ${err.message}`);
    }
  }
}

process.on('exit', cleanupNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up`);
    process.exit(130);
  });
}

/**
 * Parses `--name value` options. `spec` maps each option to { default, help } (numbers parsed
 * and checked against `min`/`max`); `--help` prints `usage` and the options, then exits.
 * Every drill also takes `--time-limit` (seconds): past it the drill stops, cleans up and exits 2.
 */
export function drillOptions({ usage, spec, timeLimit }) {
  const all = { ...spec, 'time-limit': { default: timeLimit, min: 10, max: 3600, help: 'hard limit on the whole drill, in seconds' } };
  const { values } = parseArgs({
    options: Object.fromEntries([
      ['help', { type: 'boolean', short: 'h' }],
      ...Object.entries(all).map(([name, o]) => [name, { type: typeof o.default === 'boolean' ? 'boolean' : 'string' }]),
    ]),
    strict: true,
  });
  if (values.help) {
    console.log(usage.trim());
    console.log('\nOptions:');
    for (const [name, o] of Object.entries(all)) console.log(`  --${name.padEnd(14)} ${o.help} (default ${o.default})`);
    process.exit(0);
  }
  const parsed = {};
  for (const [name, o] of Object.entries(all)) {
    const raw = values[name];
    if (raw === undefined || typeof o.default !== 'number') {
      parsed[name] = raw ?? o.default;
      continue;
    }
    const n = Number(raw);
    if (!Number.isFinite(n) || n < (o.min ?? 0) || n > (o.max ?? Infinity)) {
      console.error(`--${name} must be a number between ${o.min ?? 0} and ${o.max ?? 'any'}`);
      process.exit(1);
    }
    parsed[name] = n;
  }
  const limit = setTimeout(() => {
    console.error(`\nHard time limit of ${parsed['time-limit']} s reached: stopping.`);
    process.exit(2);
  }, parsed['time-limit'] * 1000);
  limit.unref();
  return parsed;
}

/** A temporary folder removed when the drill ends. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The machine's state, printed with every result: figures from a busy shared machine mean little without it. */
export function machine() {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} CPUs, load average ${one} ${five} ${fifteen}`;
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Counts of what went wrong, by kind: `tally.add('ECONNRESET')`, then `tally.toString()`. */
export function createTally() {
  const counts = new Map();
  return {
    add(kind, n = 1) {
      counts.set(kind, (counts.get(kind) ?? 0) + n);
    },
    get total() {
      return [...counts.values()].reduce((a, b) => a + b, 0);
    },
    entries: () => [...counts.entries()],
    toString: () => (counts.size ? [...counts.entries()].map(([k, n]) => `${k} ×${n}`).join(', ') : 'none'),
  };
}

/** A short name for why a request failed without an answer (undici wraps the socket error in `cause`). */
export function failureKind(err) {
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'timeout';
  return err?.cause?.code ?? err?.code ?? err?.cause?.message ?? err?.message ?? 'error';
}
