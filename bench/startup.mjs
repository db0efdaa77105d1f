// Start-up benchmark: time from spawning the server on an EXISTING database to the first 200 on
// /api/health, against the same measurement for a bare node:http server in the same run (the
// baseline absorbs how busy the machine is). Run after `npm run build`: node bench/startup.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.RUNS ?? 5);
const root = path.resolve(import.meta.dirname, '..');
const serverJs = path.join(root, 'apps/api/dist/server.js');
const baselineJs = `require('node:http').createServer((q,s)=>s.end('{"status":"ok"}')).listen(process.env.PORT,'127.0.0.1')`;

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function timeToFirst200(args, env) {
  const port = await freePort();
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return Number(process.hrtime.bigint() - t0) / 1e6;
      if (child.exitCode !== null) throw new Error('server exited');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-startup-'));
const env = {
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: 'bench@example.com',
  ADMIN_PASSWORD: 'river stone lantern 7',
};
await timeToFirst200([serverJs], env); // first start creates and migrates the database; not measured

const app = [];
const base = [];
for (let i = 0; i < RUNS; i++) {
  base.push(await timeToFirst200(['-e', baselineJs], {}));
  app.push(await timeToFirst200([serverJs], env));
}
fs.rmSync(dataDir, { recursive: true, force: true });
const result = {
  runs: RUNS,
  appMedianMs: Math.round(median(app)),
  baselineMedianMs: Math.round(median(base)),
  ratio: +(median(app) / median(base)).toFixed(2),
};
console.log(
  `start-up to first 200 on an existing database: app ${result.appMedianMs} ms, bare node:http ${result.baselineMedianMs} ms, ratio ${result.ratio}x (median of ${RUNS})`,
);
console.log(JSON.stringify(result));
