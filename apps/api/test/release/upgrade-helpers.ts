import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { must, repoRoot } from './release-helpers.js';

/**
 * The commit of the newest release CHANGELOG.md lists other than this version (its `[x.y.z]: <commit>`
 * line), when this clone has that commit: a clone made without tags still finds it.
 */
function changelogRelease(): { ref: string; why: string } | null {
  const changelog = fs.readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8');
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  for (const [, release, commit] of changelog.matchAll(/^\[(\d+\.\d+\.\d+)\]: ([0-9a-f]{40})$/gm)) {
    if (release === version || !commit) continue;
    try {
      must('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repoRoot });
      return { ref: commit, why: `release ${release} (CHANGELOG.md), ${commit.slice(0, 12)}` };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The release to upgrade from: UPGRADE_FROM (any git ref) when set, else the newest `v*` tag this
 * commit contains, else the newest earlier release CHANGELOG.md names by commit. Without any there is
 * nothing to upgrade from, and the test says so and fails.
 */
export function previousRef(): { ref: string; why: string } {
  const given = process.env.UPGRADE_FROM?.trim();
  if (given) return { ref: given, why: `UPGRADE_FROM=${given}` };
  const tags = must('git', ['tag', '--list', 'v[0-9]*', '--merged', 'HEAD', '--sort=-v:refname'], { cwd: repoRoot })
    .split('\n')
    .filter(Boolean);
  if (!tags[0]) {
    const listed = changelogRelease();
    if (listed) return listed;
    throw new Error(
      'No earlier release is tagged (git tag --list "v*" is empty), so there is no release to upgrade from. ' +
        'Tag the released commit (git tag -a v1.0.0 -m "Canada Visa Desk 1.0.0" <commit>) or set UPGRADE_FROM=<git ref> to upgrade from that commit.',
    );
  }
  return { ref: tags[0], why: `the newest tag, ${tags[0]}` };
}

/** Files that make up the release machinery, laid over a tree from before releases existed. */
const RELEASE_MACHINERY = [
  'scripts/release.mjs',
  'scripts/release-deps.mjs',
  'scripts/release-files',
  'deploy',
  'docs/deploy.md',
  'CHANGELOG.md',
];

/**
 * The files of `ref` in a folder of their own, sharing its installed packages through hard links (no
 * network, no copy) when the lock files agree, and installing otherwise from npm's cache, fetching
 * from the registry only what the cache lacks (a machine that never installed that lock); built and
 * packed with its own `npm run release`. A ref from before `npm run release` existed is packed with
 * this tree's release script under version 0.0.0 (its server reads no version).
 */
export function releaseOf(ref: string): { tree: string; tarball: string; remove: () => void } {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-upgrade-from-'));
  // An export of the commit's files rather than a git worktree: nothing is registered in the repository.
  must('bash', ['-c', 'set -o pipefail; git archive --format=tar "$1" | tar -x -C "$2"', 'archive', ref, tree], { cwd: repoRoot });
  const remove = () => fs.rmSync(tree, { recursive: true, force: true });
  try {
    for (const modules of ['node_modules', 'apps/web/node_modules', 'apps/api/node_modules', 'packages/shared/node_modules']) {
      if (fs.existsSync(path.join(repoRoot, modules)) && fs.existsSync(path.dirname(path.join(tree, modules)))) {
        must('cp', ['-al', path.join(repoRoot, modules), path.join(tree, modules)]);
      }
    }
    const lock = (dir: string) => fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
    if (lock(tree) !== lock(repoRoot)) must('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: tree });
    if (!fs.existsSync(path.join(tree, 'scripts/release.mjs'))) {
      for (const item of RELEASE_MACHINERY) fs.cpSync(path.join(repoRoot, item), path.join(tree, item), { recursive: true });
      const pkg = JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8')) as Record<string, unknown>;
      fs.writeFileSync(path.join(tree, 'package.json'), JSON.stringify({ ...pkg, version: pkg.version ?? '0.0.0' }, null, 2));
    }
    const out = must(process.execPath, [path.join(tree, 'scripts/release.mjs')], { cwd: tree });
    const tarball = /^(release\/\S+\.tar\.gz):/m.exec(out)?.[1];
    if (!tarball) throw new Error(`npm run release in ${ref} named no tarball:\n${out}`);
    return { tree, tarball: path.join(tree, tarball), remove };
  } catch (err) {
    remove();
    throw err;
  }
}

/** A client of a running server that signs in like the staff app (bearer token, anti-forgery pair). */
export function client(base: string) {
  let token = '';
  const request = async (options: Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers'>) => {
    const body = options.payload as FormData | string | object | undefined;
    const json = body !== undefined && !(body instanceof FormData) && typeof body === 'object';
    const res = await fetch(base + options.url, {
      method: options.method ?? 'GET',
      headers: {
        'x-xsrf-token': 't',
        cookie: 'XSRF-TOKEN=t',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(options.headers as Record<string, string> | undefined),
      },
      body: json ? JSON.stringify(body) : (body as FormData | string | undefined),
    });
    const text = await res.text();
    return { statusCode: res.status, body: text, json: () => JSON.parse(text) as unknown };
  };
  return {
    request,
    async signIn(email: string, password: string) {
      const res = await request({ method: 'POST', url: '/api/users/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in as ${email} answered ${res.statusCode}: ${res.body}`);
      token = (res.json() as { token: string }).token;
    },
  };
}

/** Every URL of a stored file (photo, thumbnail, document, slide image) anywhere in an answer. */
export function fileUrls(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string' && /^(https?:\/\/[^/]+)?\/(files|media)\//.test(value)) found.push(value.replace(/^https?:\/\/[^/]+/, ''));
  else if (Array.isArray(value)) for (const item of value) fileUrls(item, found);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) fileUrls(item, found);
  return found;
}

/** The checksum of each file behind `urls`, sorted; throws unless every one is served. */
export async function servedFiles(base: string, urls: string[]): Promise<string[]> {
  const sums: string[] = [];
  for (const url of urls) {
    const res = await fetch(base + url);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length === 0) throw new Error(`${url} answered no bytes`);
    sums.push(crypto.createHash('sha256').update(bytes).digest('hex'));
  }
  return sums.sort();
}
