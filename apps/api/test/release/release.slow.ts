import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '@visa/test-support/ports';
import { UNTRACKED } from './built-release.js';
import { must, onlyNode, repoRoot, runRelease, unpack, versionOf, waitForHealth } from './release-helpers.js';

// The real `npm run release` of this tree's HEAD in a fresh clone (nothing installed, nothing
// built: built-release.ts), unpacked into an empty folder and started the way a server with Node
// alone would start it: PATH holds nothing but node, and only the settings given.

/** What builds or checks code and has no business on a server. */
const BUILD_TOOLS = [
  'typescript',
  'vite',
  'esbuild',
  'vitest',
  'rollup',
  '@vitejs',
  '@react-router/dev',
  'eslint',
  'prettier',
  'knip',
  '@playwright',
  'playwright',
  'node-gyp',
  'prebuild-install',
  '@types',
  'jsdom',
  'lighthouse',
];

let clone: string;
let head: string;
let version: string;
let tarball: string;
let release: string;
const cleanups: (() => void)[] = [];

beforeAll(() => {
  ({ clone, head, version, tarball } = inject('builtRelease'));
  release = unpack(tarball);
  cleanups.push(() => fs.rmSync(path.dirname(release), { recursive: true, force: true }));
});

afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

const entries = () => must('tar', ['-tzf', tarball]).split('\n').filter(Boolean);

describe('npm run release', () => {
  it("is named for a version only this commit has, and its .sha256 is the archive's checksum in sha256sum's format", () => {
    const { version: declared } = JSON.parse(must('git', ['show', 'HEAD:package.json'], { cwd: clone })) as { version: string };
    const tagged = must('git', ['tag', '--points-at', 'HEAD'], { cwd: clone }).split('\n').includes(`v${declared}`);
    expect(version).toBe(tagged ? declared : `${declared}+${head.slice(0, 12)}`);
    expect(path.basename(tarball)).toBe(`canada-visa-desk-${version}-linux-x64.tar.gz`);
    const hash = crypto.createHash('sha256').update(fs.readFileSync(tarball)).digest('hex');
    expect(fs.readFileSync(`${tarball}.sha256`, 'utf8')).toBe(`${hash}  ${path.basename(tarball)}\n`);
  });

  it('holds what git tracks at HEAD: no untracked file, no uncommitted edit', () => {
    const names = entries();
    for (const file of Object.keys(UNTRACKED)) expect(names.filter((n) => n.endsWith(path.basename(file)))).toEqual([]);
    expect(names.filter((n) => /\.env(\.local)?$/.test(n))).toEqual([]);
    const deploy = names.filter((n) => /^[^/]+\/deploy\/./.test(n)).map((n) => n.slice(n.indexOf('/') + 1));
    expect(deploy.sort()).toEqual(must('git', ['ls-files', 'deploy'], { cwd: clone }).split('\n').filter(Boolean).sort());
    expect(fs.readFileSync(path.join(release, 'CHANGELOG.md'), 'utf8')).toBe(must('git', ['show', 'HEAD:CHANGELOG.md'], { cwd: clone }));
  });

  it('holds no build tool, compiler, dev dependency or source', () => {
    const names = entries();
    const modules = new Set(names.map((n) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(n)?.[1]).filter((n): n is string => Boolean(n)));
    for (const tool of BUILD_TOOLS) {
      expect([...modules].filter((m) => m === tool || m.startsWith(`${tool}/`))).toEqual([]);
    }
    const root = JSON.parse(fs.readFileSync(path.join(clone, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    // Dev-only as npm itself decides for a production install: the lock marks a package `dev` when no
    // production dependency needs it (a test's own `semver` is also one sharp needs, so it stays).
    const lock = JSON.parse(fs.readFileSync(path.join(clone, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const devOnly = Object.keys(root.devDependencies).filter((name) => lock.packages[`node_modules/${name}`]?.dev === true);
    expect(devOnly).toContain('vitest');
    expect(devOnly.filter((name) => modules.has(name))).toEqual([]);
    expect(names.filter((n) => !n.includes('/node_modules/') && /\.tsx?$/.test(n))).toEqual([]);
    expect(names.filter((n) => /better-sqlite3\/(src|deps|build)\//.test(n))).toEqual([]);
    expect(names.some((n) => n.endsWith('/apps/api/dist/server.js'))).toBe(true);
    expect(names.some((n) => n.endsWith('/apps/web/build/client/index.html'))).toBe(true);
  });

  it("carries better-sqlite3 for Node 20's and Node 24's ABI, the entry point, the deployment files and the documents", () => {
    for (const abi of ['115', '137']) {
      expect(fs.existsSync(path.join(release, `node_modules/better-sqlite3/lib/binding/node-v${abi}-linux-x64/better_sqlite3.node`))).toBe(
        true,
      );
    }
    expect(fs.statSync(path.join(release, 'bin/visa-desk')).mode & 0o111).toBe(0o111);
    for (const file of ['deploy/visa-desk.service', 'deploy/Caddyfile', 'docs/deploy.md', 'CHANGELOG.md', 'README.md']) {
      expect(fs.existsSync(path.join(release, file)), file).toBe(true);
    }
    expect(fs.readFileSync(path.join(release, 'README.md'), 'utf8')).toContain('## Operations');
    expect(fs.readFileSync(path.join(release, 'README.md'), 'utf8')).toContain('## Configuration');
    must('bash', [path.join(repoRoot, 'scripts/check-deploy.sh'), release]);
  });

  it('a unit that systemd would reject fails the deployment check', () => {
    const broken = fs.mkdtempSync(path.join(path.dirname(release), 'broken-'));
    fs.cpSync(path.join(release, 'deploy'), path.join(broken, 'deploy'), { recursive: true });
    fs.cpSync(path.join(release, 'bin'), path.join(broken, 'bin'), { recursive: true });
    const unit = path.join(broken, 'deploy/visa-desk.service');
    fs.writeFileSync(unit, fs.readFileSync(unit, 'utf8').replace('Restart=on-failure', 'Restart=on-failure\nRestartSecs=5'));
    expect(() => must('bash', [path.join(repoRoot, 'scripts/check-deploy.sh'), broken])).toThrow(/RestartSecs/);
    fs.rmSync(broken, { recursive: true, force: true });
  });

  for (const [line, node] of [
    ['20', process.execPath],
    ['24', path.join(must('bash', [path.join(repoRoot, 'scripts/node24.sh')]).trim(), 'node')],
  ] as const) {
    it(`starts on Node ${line} with only node on PATH: health reports the version, a public page and the staff shell are served`, async () => {
      const dataDir = fs.mkdtempSync(path.join(path.dirname(release), `data-${line}-`));
      const pathDir = onlyNode(node);
      const port = await freePort();
      const server = runRelease(
        release,
        pathDir,
        { PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: 'clerk@example.com', ADMIN_PASSWORD: 'granite harbour 42' },
        ['start'],
      );
      try {
        const health = await waitForHealth(server);
        expect(health).toEqual({ status: 'ok', database: 'ok', version });
        const home = await fetch(`${server.url}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('<html lang="en"');
        const bengali = await fetch(`${server.url}/bn`);
        expect(await bengali.text()).toContain('<html lang="bn"');
        const shell = await fetch(`${server.url}/login`);
        expect(shell.status).toBe(200);
        expect(shell.headers.get('content-type')).toContain('text/html');
        const login = await fetch(`${server.url}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': 't', cookie: 'XSRF-TOKEN=t' },
          body: JSON.stringify({ email: 'clerk@example.com', password: 'granite harbour 42' }),
        });
        expect(login.status).toBe(200);
      } finally {
        await server.stop();
      }
      expect(await server.exited, server.output()).toBe(0);
      // The operator's commands work the same way.
      const migrate = runRelease(release, pathDir, { DATA_DIR: dataDir }, ['migrate']);
      expect(await migrate.exited).toBe(0);
      expect(migrate.output()).toBe('Database is up to date.\n');
      fs.rmSync(pathDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
  }

  it('refuses, in one line, a Node it carries no database driver for', async () => {
    // The same entry point in a folder whose better-sqlite3 has no build for the running Node's ABI.
    const other = fs.mkdtempSync(path.join(path.dirname(release), 'other-abi-'));
    fs.cpSync(path.join(release, 'bin'), path.join(other, 'bin'), { recursive: true });
    fs.cpSync(path.join(release, 'package.json'), path.join(other, 'package.json'));
    fs.mkdirSync(path.join(other, 'node_modules/better-sqlite3/lib/binding/node-v1-linux-x64'), { recursive: true });
    const pathDir = onlyNode();
    const run = runRelease(other, pathDir, {}, ['version']);
    expect(await run.exited).toBe(1);
    expect(run.output()).toBe(`visa-desk: this release runs on Node 20.19+ or Node 24, not ${process.version}\n`);
    const here = runRelease(release, pathDir, {}, ['version']);
    expect(await here.exited).toBe(0);
    expect(here.output()).toBe(`${version}\n`);
    fs.rmSync(other, { recursive: true, force: true });
    fs.rmSync(pathDir, { recursive: true, force: true });
  });

  it('a tag v<version> on the commit makes it that release; a tag naming another version is refused', () => {
    const { version: declared } = JSON.parse(must('git', ['show', 'HEAD:package.json'], { cwd: clone })) as { version: string };
    must('git', ['tag', 'v9.9.9'], { cwd: clone });
    expect(() => versionOf(clone)).toThrow(`release: HEAD is tagged v9.9.9 but its package.json says ${declared}`);
    must('git', ['tag', '-d', 'v9.9.9'], { cwd: clone });
    // In this throwaway clone only: the tag may already name the release before this commit.
    must('git', ['tag', '--force', `v${declared}`], { cwd: clone });
    expect(versionOf(clone)).toBe(declared);
  });
});
