// Helpers shared by `npm start`, `npm test` and `npm run release`: install when needed, build when
// stale, the version a release carries.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Node's options for the server process, wherever it is started (`npm start` here, `bin/visa-desk
 * start` in a release, which repeats them; cluster workers inherit them). V8's young generation
 * grows to 64 MB a half on Node 24 (16 MB on Node 20) and keeps what it grew to under load, which a
 * small server pays for in every process: it is held at 8 MB a half, where the hot requests cost
 * no more CPU than at 16 (ADR 0074, ADR 0098).
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=8'];
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

/** The workspaces `npm run build` builds, in its order. */
const BUILT = ['packages/shared', 'apps/api', 'apps/web'];
/** Folders of a workspace whose every file the build may read. */
const SOURCE_DIRS = ['src', 'public', 'scripts'];

/**
 * Every file the build reads: the root's manifest, lock file and shared tsconfig, and in each built
 * workspace its top-level files (package.json, tsconfig*.json, vite*.config.ts, react-router.config.ts
 * and whatever config is added later) and everything under its source folders. Generated files
 * (tsbuildinfo) are not inputs.
 */
export function buildInputs(dir = root) {
  const files = ['package.json', 'package-lock.json', 'tsconfig.base.json'].filter((f) => fs.existsSync(path.join(dir, f)));
  for (const workspace of BUILT) {
    const base = path.join(dir, workspace);
    if (!fs.existsSync(base)) continue;
    for (const entry of fs.readdirSync(base, { withFileTypes: true })) {
      if (entry.isFile() && !entry.name.endsWith('.tsbuildinfo')) files.push(`${workspace}/${entry.name}`);
    }
    for (const sub of SOURCE_DIRS) {
      const from = path.join(base, sub);
      if (!fs.existsSync(from)) continue;
      for (const entry of fs.readdirSync(from, { withFileTypes: true, recursive: true })) {
        if (entry.isFile()) files.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
      }
    }
  }
  return files.sort();
}

/** One digest of the build's inputs, their names and contents: an edit, a new file or a removed one changes it; a touch does not. */
export function inputsDigest(dir = root) {
  const hash = crypto.createHash('sha256');
  for (const file of buildInputs(dir)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether the last build recorded in `dir` was made from exactly the inputs there now. */
export function buildIsCurrent(dir = root) {
  const outputs = ['apps/api/dist/server.js', 'apps/web/build/client/index.html'].every((f) => fs.existsSync(path.join(dir, f)));
  let recorded = '';
  try {
    recorded = fs.readFileSync(path.join(dir, '.tmp', 'build-stamp'), 'utf8').trim();
  } catch {
    // No build recorded yet.
  }
  return outputs && recorded === inputsDigest(dir);
}

/** Builds when the build is missing or any input differs from the last build's (or when forced). */
export function ensureBuilt({ force = false } = {}) {
  if (!force && buildIsCurrent()) return;
  console.log('Building…');
  // Taken before building: an edit made while the build runs is then noticed next time.
  const digest = inputsDigest();
  // A production build whoever asks: a caller's NODE_ENV (vitest's `test`, when the release tests
  // build the release) would otherwise make Vite bundle libraries' development code.
  run('npm', ['run', 'build', '--silent'], { env: { ...process.env, NODE_ENV: 'production' } });
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, `${digest}\n`);
}

const git = (dir, args) => {
  const res = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
  if (res.status !== 0) {
    throw new Error(
      `release: git ${args.join(' ')} failed (${(res.stderr ?? '').trim() || res.error?.message}); a release is built from a git clone`,
    );
  }
  return res.stdout.trim();
};

/**
 * The version a release of `dir`'s HEAD carries, one no other build shares (ADR 0066): HEAD's
 * package.json version when HEAD is tagged v<that version>, else that version with the commit as
 * semantic versioning's build metadata (1.1.0+1f05d18a2b3c). A tag naming another version is refused.
 */
export function releaseVersion(dir = root) {
  const { version } = JSON.parse(git(dir, ['show', 'HEAD:package.json']));
  if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) throw new Error('release: package.json has no version of the form MAJOR.MINOR.PATCH');
  const tags = git(dir, ['tag', '--points-at', 'HEAD', '--list', 'v[0-9]*']).split('\n').filter(Boolean);
  if (tags.includes(`v${version}`)) return version;
  if (tags.length) {
    throw new Error(
      `release: HEAD is tagged ${tags.join(', ')} but its package.json says ${version}: ` +
        `a release's tag is v<its package.json version>; move the tag or commit the version it names`,
    );
  }
  return `${version}+${git(dir, ['rev-parse', '--short=12', 'HEAD'])}`;
}
