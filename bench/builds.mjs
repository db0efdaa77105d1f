// Two builds of the API on one database, side by side (bench/README.md; why, in bench/HISTORY.md):
// what a change to the server costs or saves per answer, free of the machine's drift. Each build is
// a copy of apps/api/dist placed under bench/results/ (so that it finds this checkout's packages):
//
//   git stash; npm run build -w @visa/api; cp -r apps/api/dist bench/results/before; git stash pop
//   npm run build -w @visa/api; cp -r apps/api/dist bench/results/after
//   node bench/builds.mjs bench/results/before bench/results/after
//
// Both run at once on the same seeded SQLite file and are loaded in turn (the order swapped every
// round); the figure is answers per CPU second of each server process. What a Node option costs,
// one build with and without it:  FIRST_NODE_ARGS='--max-semi-space-size=8' node bench/builds.mjs apps/api/dist apps/api/dist
// Knobs: TARGET (/api/users/me), ROWS (5000), CONNECTIONS (50), SECONDS (6), ROUNDS (6), LOG_LEVEL (warn),
// FIRST_NODE_ARGS and SECOND_NODE_ARGS (Node options after npm start's, space-separated).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, measureWithCpu } from './lib/load.mjs';
import { startServer } from './lib/processes.mjs';
import { seedApplications } from './lib/seed-applications.mjs';

const TARGET = process.env.TARGET ?? '/api/users/me';
const ROWS = Number(process.env.ROWS ?? 5000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 6);
const ROUNDS = Number(process.env.ROUNDS ?? 6);

const builds = process.argv.slice(2).map((dir) => path.resolve(dir, 'server.js'));
if (builds.length !== 2 || !builds.every((file) => fs.existsSync(file))) {
  console.error('usage: node bench/builds.mjs <build folder A> <build folder B> (each a copy of apps/api/dist)');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-builds-'));
const secret = randomBytes(32).toString('hex');
const sides = [];
try {
  const { token } = await seedApplications({ dataDir, secret, count: ROWS });
  const env = { DATA_DIR: dataDir, APP_SECRET: secret, TRUST_PROXY: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  const nodeArgs = [process.env.FIRST_NODE_ARGS, process.env.SECOND_NODE_ARGS].map((args) => args?.split(' ').filter(Boolean) ?? []);
  for (const [i, script] of builds.entries())
    sides.push({ script, args: nodeArgs[i], server: await startServer(env, script, nodeArgs[i]), requests: 0, cpu: 0, rounds: [] });
  const headers = { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${randomBytes(24).toString('base64url')}` };
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const url = `${side.server.base}${TARGET}`;
      await measure({ url, headers, connections: CONNECTIONS, seconds: 2 });
      const m = await measureWithCpu(side.server.pid, { url, headers, connections: CONNECTIONS, seconds: SECONDS });
      if (m.non2xx || m.errors) throw new Error(`${side.script}: ${m.non2xx} answers not 2xx, ${m.errors} errors`);
      side.requests += m.requests;
      side.cpu += m.cpuSeconds;
      side.rounds.push(Math.round(m.requests / m.cpuSeconds));
    }
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `${new Date().toISOString()} — ${TARGET}, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per build, load average ${load}`,
  );
  for (const side of sides) {
    const perCpu = side.requests / side.cpu;
    console.log(
      `${[path.relative(process.cwd(), side.script), ...side.args].join(' ').padEnd(36)} ${String(Math.round(perCpu)).padStart(7)} answers per CPU s  ${((1e6 * side.cpu) / side.requests).toFixed(1).padStart(6)} µs per answer  rounds: ${side.rounds.join(' ')}`,
    );
  }
  const [a, b] = sides.map((side) => side.requests / side.cpu);
  console.log(`second ÷ first: ${(b / a).toFixed(3)}`);
} finally {
  for (const side of sides) await side.server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
