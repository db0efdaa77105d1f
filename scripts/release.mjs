// `npm run release`: release/canada-visa-desk-<version>-linux-x64.tar.gz and its .sha256, a folder a
// server runs with Node alone (no npm, compiler or network): the built API and web, the runtime
// dependencies from the lock file, better-sqlite3 for each supported Node ABI, bin/visa-desk, the
// deployment files and the operator's documents. Why it is made this way: ADR 0048. It is built
// from HEAD's files alone, exported from git, never from the working tree (whose untracked files
// may hold passwords), and its version names the build (ADR 0066).
//   npm run release                  install what is missing, build HEAD, package
//   npm run release -- --version     print the version it would carry
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstalled, releaseVersion, root, run } from './lib.mjs';
import { runtimePackages } from './release-deps.mjs';

const NAME = 'canada-visa-desk';
let version;
try {
  version = releaseVersion(root);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
if (process.argv.includes('--version')) {
  console.log(version);
  process.exit(0);
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error('release: the release is made for Linux x86_64 and must be packaged there (its native modules)');
  process.exit(1);
}
const started = process.hrtime.bigint();
// As `npm start` does: a fresh clone has nothing installed yet.
ensureInstalled();

const out = path.join(root, 'release');
// HEAD's files, outside the clone (whose linters would take the copy's configs for its own), with
// the clone's installed packages hard-linked in where the file system allows (no copy), copied
// otherwise. Every build tool writes new files rather than into linked ones.
const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-release-tree-'));
process.on('exit', () => fs.rmSync(tree, { recursive: true, force: true }));
const changes = spawnSync('git', ['status', '--porcelain', '--untracked-files=normal'], { cwd: root, encoding: 'utf8' }).stdout.trim();
if (changes) console.log(`release: packing HEAD; changes and files git does not track are left out:\n${changes}`);
run('bash', ['-c', 'set -o pipefail; git archive --format=tar HEAD | tar -x -C "$1"', 'archive', tree]);
const pkg = JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8'));
for (const modules of ['node_modules', ...pkg.workspaces.map((workspace) => `${workspace}/node_modules`)]) {
  const [from, to] = [path.join(root, modules), path.join(tree, modules)];
  if (!fs.existsSync(from) || !fs.existsSync(path.dirname(to))) continue;
  if (spawnSync('cp', ['-al', from, to], { stdio: 'ignore' }).status !== 0) {
    fs.rmSync(to, { recursive: true, force: true });
    run('cp', ['-a', from, to]);
  }
}
// Caches a dev server may have left, which a tool would rewrite in place.
for (const cache of ['node_modules/.vite', 'node_modules/.cache', 'apps/web/node_modules/.vite']) {
  fs.rmSync(path.join(tree, cache), { recursive: true, force: true });
}
console.log(`Building ${version}…`);
// A production build whoever asks: a caller's NODE_ENV (vitest's `test`, when the release tests
// build the release) would otherwise make Vite bundle libraries' development code.
run('npm', ['run', 'build', '--silent'], { cwd: tree, env: { ...process.env, NODE_ENV: 'production' } });

const base = `${NAME}-${version}-linux-x64`;
const stage = path.join(out, '.stage', base);
fs.rmSync(path.join(out, '.stage'), { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });

const copy = (from, to = from, filter = () => true) => {
  const source = path.join(tree, from);
  if (!fs.existsSync(source)) throw new Error(`release: ${from} is missing from the build`);
  fs.cpSync(source, path.join(stage, to), { recursive: true, dereference: true, filter: (src) => filter(path.relative(source, src)) });
};
const writeJson = (to, value) => {
  fs.mkdirSync(path.dirname(path.join(stage, to)), { recursive: true });
  fs.writeFileSync(path.join(stage, to), `${JSON.stringify(value, null, 2)}\n`);
};

// The code, laid out as in the repository so that every relative path (the API finding the web
// build, the version in the root package.json) holds unchanged.
const notMap = (file) => !file.endsWith('.map') && !file.endsWith('.tsbuildinfo') && !file.endsWith('.d.ts');
copy('apps/api/dist', 'apps/api/dist', notMap);
writeJson('apps/api/package.json', { name: '@visa/api', version, private: true, type: 'module' });
copy('apps/web/build/client', 'apps/web/build/client');
copy('packages/shared/dist', 'node_modules/@visa/shared/dist', notMap);
const shared = JSON.parse(fs.readFileSync(path.join(tree, 'packages/shared/package.json'), 'utf8'));
writeJson('node_modules/@visa/shared/package.json', {
  name: shared.name,
  version,
  private: true,
  type: 'module',
  exports: { './*': './dist/*.js' },
});
writeJson('package.json', { name: NAME, version, private: true, engines: pkg.engines });

// Runtime dependencies, each package without its own nested node_modules (those it needs are
// listed and copied separately).
const packages = runtimePackages(tree);
for (const at of packages) {
  const skip = at === 'node_modules/better-sqlite3' ? /^(build|deps|src)(\/|$)/ : null;
  copy(at, at, (file) => !file.startsWith('node_modules') && !(skip && skip.test(file)));
}

// better-sqlite3 is compiled for one Node ABI. Both supported lines' builds go where its loader
// (`bindings`) looks per ABI, so the same folder runs under Node 20 and 24 (ADR 0014, ADR 0048).
const sqliteVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/better-sqlite3/package.json'), 'utf8')).version;
const cache =
  process.env.VISA_NODE_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(process.env.HOME ?? '/tmp', '.cache'), 'visa-desk');
const abiOf = (nodeBin) => spawnSync(path.join(nodeBin, 'node'), ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout.trim();
const node24 = spawnSync('bash', [path.join(root, 'scripts/node24.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (node24.status !== 0) process.exit(1);
const nodes = [path.dirname(process.execPath), node24.stdout.trim()];
const abis = [];
for (const nodeBin of nodes) {
  const abi = abiOf(nodeBin);
  const cached = path.join(cache, 'native', `better-sqlite3-${sqliteVersion}-abi${abi}-linux-x64.node`);
  // native-modules.sh makes (and caches) the right build for the node first on PATH.
  if (!fs.existsSync(cached))
    run('bash', ['scripts/native-modules.sh'], { env: { ...process.env, PATH: `${nodeBin}:${process.env.PATH}` } });
  const target = path.join(stage, 'node_modules/better-sqlite3/lib/binding', `node-v${abi}-linux-x64`, 'better_sqlite3.node');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(cached, target);
  abis.push(abi);
}
// Leave the clone's own build fitting the default node.
run('bash', ['scripts/native-modules.sh']);
if (abis[0] === abis[1]) throw new Error('release: Node 20 and Node 24 reported the same ABI');

// The entry point, the deployment files and the operator's documents.
copy('scripts/release-files/visa-desk', 'bin/visa-desk');
fs.chmodSync(path.join(stage, 'bin/visa-desk'), 0o755);
copy('deploy');
copy('docs/deploy.md', 'docs/deploy.md');
// The README's sections and docs/deploy.md link the decision records.
copy('docs/decisions', 'docs/decisions');
copy('CHANGELOG.md');
const readme = fs.readFileSync(path.join(tree, 'README.md'), 'utf8');
// Operators need the settings as much as the operations: docs/deploy.md and the example environment
// file send them to the Configuration section.
const section = (title, next) => readme.slice(readme.indexOf(`\n## ${title}`) + 1, next ? readme.indexOf(`\n## ${next}`) + 1 : undefined);
const operations = `${section('Configuration', 'Other commands')}${section('Operations')}`;
fs.writeFileSync(
  path.join(stage, 'README.md'),
  `# Canada Visa Desk ${version}\n\nStart it with \`./bin/visa-desk start\` (Node 20.19+ or 24 on PATH; nothing else). ` +
    `\`./bin/visa-desk migrate\` applies migrations without serving; \`./bin/visa-desk admin …\` is \`npm run admin -- …\` below. ` +
    `Settings are environment variables, as for \`npm start\`. Setting up a server: docs/deploy.md.\n\n${operations}`,
);

// One archive whose bytes depend only on its contents: sorted names, fixed owner and time.
const mtime = spawnSync('git', ['log', '-1', '--format=%ct'], { cwd: root, encoding: 'utf8' }).stdout.trim() || '0';
const tarball = path.join(out, `${base}.tar.gz`);
fs.rmSync(tarball, { force: true });
run('bash', [
  '-c',
  'set -o pipefail; tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$1" --mode=go-w -C "$2" -cf - "$3" | gzip -n -9 > "$4"',
  'tar',
  mtime,
  path.dirname(stage),
  base,
  tarball,
]);
fs.rmSync(path.join(out, '.stage'), { recursive: true, force: true });
const hash = crypto.createHash('sha256').update(fs.readFileSync(tarball)).digest('hex');
fs.writeFileSync(`${tarball}.sha256`, `${hash}  ${path.basename(tarball)}\n`);
const mb = (fs.statSync(tarball).size / 1e6).toFixed(1);
const seconds = Number((process.hrtime.bigint() - started) / 1_000_000n) / 1000;
console.log(
  `${path.relative(root, tarball)}: ${mb} MB, ${packages.length} packages, better-sqlite3 for ABI ${abis.join(' and ')}, ${seconds.toFixed(0)} s`,
);
