// `npm run dev`: the API (recompiled and restarted on every change) and the web client (Vite, hot
// reload) side by side. Open the web client's address; it forwards /api, /files and /media to the API.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root } from './lib.mjs';

ensureInstalled();

const apiPort = Number(process.env.API_PORT ?? 3001);
const webPort = Number(process.env.WEB_PORT ?? 5173);
const webUrl = `http://localhost:${webPort}`;
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data/dev');
fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });

// The owner account of the development database: from the environment, or generated once and kept
// beside the database so every restart signs in with the same password.
const ownerFile = path.join(dataDir, 'dev-owner.json');
let owner;
if (process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD) {
  owner = { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD };
} else if (fs.existsSync(ownerFile)) {
  owner = JSON.parse(fs.readFileSync(ownerFile, 'utf8'));
} else {
  owner = { email: 'owner@example.com', password: `dev-${randomBytes(12).toString('base64url')}` };
  fs.writeFileSync(ownerFile, JSON.stringify(owner), { mode: 0o600 });
}

console.log('Compiling the shared package and the API…');
const first = spawnSync('npx', ['tsc', '-b', 'packages/shared', 'apps/api'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [];
function start(name, cmd, args, options = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) if (line.trim()) console.log(prefix(line));
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(prefix(`stopped (${signal ?? code}); stopping the others`));
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('tsc', 'npx', ['tsc', '-b', 'packages/shared', 'apps/api', '--watch', '--preserveWatchOutput']);
start('api', process.execPath, ['--watch', 'apps/api/dist/server.js'], {
  env: {
    ...process.env,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: webUrl,
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  },
});
start('web', 'npx', ['react-router', 'dev', '--port', String(webPort), '--strictPort', '--host', '127.0.0.1'], {
  cwd: path.join(root, 'apps/web'),
  env: { ...process.env, VISA_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
});

console.log(`
  Development: open ${webUrl}  (API on http://127.0.0.1:${apiPort}, data in ${path.relative(root, dataDir)})
  Staff sign in at ${webUrl}/login as ${owner.email} / ${owner.password}
  The API restarts when its sources change; the web client reloads in place. Ctrl+C stops both.
`);
