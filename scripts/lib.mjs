// Helpers shared by `npm start` and `npm test`: install when needed, build when stale.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, '.tmp', 'build-stamp');

export function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (res.status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, mtime(path.join(entry.parentPath, entry.name)));
  }
  return latest;
}

/**
 * Installs when node_modules is missing or older than the lock file (npm install, see .ci/run for
 * why not npm ci), then makes better-sqlite3 fit the running Node: on Node 24 a plain install
 * builds a variant that aborts the process at random (ADR 0014). Quick when nothing needs doing.
 */
export function ensureInstalled() {
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  if (!installed || installed < mtime(path.join(root, 'package-lock.json'))) {
    console.log('Installing dependencies…');
    run('npm', ['install', '--no-audit', '--no-fund']);
  }
  if (process.platform === 'linux') {
    run('bash', [path.join(root, 'scripts/native-modules.sh')], {
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` },
    });
  }
}

const SOURCES = ['packages/shared/src', 'apps/api/src', 'apps/web/src', 'apps/web/public', 'apps/web/scripts'];
const CONFIGS = ['package-lock.json', 'apps/web/vite.config.ts', 'apps/web/react-router.config.ts', 'tsconfig.base.json'];

/** Builds when the build is missing or any source is newer than the last build. */
export function ensureBuilt({ force = false } = {}) {
  const built = mtime(stampFile);
  const outputs = ['apps/api/dist/server.js', 'apps/web/build/client/index.html'].every((f) => fs.existsSync(path.join(root, f)));
  const latestSource = Math.max(...SOURCES.map((d) => newest(path.join(root, d))), ...CONFIGS.map((f) => mtime(path.join(root, f))));
  if (!force && outputs && built && built >= latestSource) return;
  console.log('Building…');
  run('npm', ['run', 'build', '--silent']);
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, new Date().toISOString());
}
