import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { InjectOptions } from 'fastify';
import { must, repoRoot } from './release-helpers.js';

/** Commits CHANGELOG.md names for its releases (`[x.y.z]: <commit>`), newest first, that this clone has. */
function changelogReleases(): { version: string; commit: string }[] {
  const changelog = fs.readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8');
  const listed = [...changelog.matchAll(/^\[(\d+\.\d+\.\d+)\]: ([0-9a-f]{40})$/gm)].map(([, version, commit]) => ({
    version: version!,
    commit: commit!,
  }));
  return listed.filter(({ commit }) => spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repoRoot }).status === 0);
}

export interface Origin {
  ref: string;
  why: string;
  /** The release's version, when known (a tag's or CHANGELOG.md's). */
  version: string | null;
}

/**
 * The releases to upgrade from (ADR 0049, ADR 0066): the latest before this commit (UPGRADE_FROM,
 * any git ref, when set; else the newest `v*` tag HEAD contains other than its own; else the newest
 * release CHANGELOG.md names by commit, for a clone without tags) and the first, 1.0.0, when that is
 * another. Without any there is nothing to upgrade from, and the test says so and fails.
 */
export function origins(): Origin[] {
  const head = must('git', ['rev-parse', 'HEAD'], { cwd: repoRoot }).trim();
  const commitOf = (ref: string) => must('git', ['rev-parse', `${ref}^{commit}`], { cwd: repoRoot }).trim();
  const tags = must('git', ['tag', '--list', 'v[0-9]*', '--merged', 'HEAD', '--sort=-v:refname'], { cwd: repoRoot })
    .split('\n')
    .filter((tag) => tag && commitOf(tag) !== head);
  const released = [
    ...tags.map((tag) => ({ ref: tag, why: `tag ${tag}`, version: tag.slice(1) })),
    ...changelogReleases()
      .filter(({ commit }) => commit !== head)
      .map(({ version, commit }) => ({ ref: commit, why: `release ${version} (CHANGELOG.md), ${commit.slice(0, 12)}`, version })),
  ];
  const given = process.env.UPGRADE_FROM?.trim();
  const latest = given ? { ref: given, why: `UPGRADE_FROM=${given}`, version: null } : released[0];
  if (!latest) {
    throw new Error(
      'No earlier release is tagged (git tag --list "v*" is empty) or listed in CHANGELOG.md, so there is no release to upgrade from. ' +
        'Tag the released commit (git tag -a v1.0.0 -m "Canada Visa Desk 1.0.0" <commit>) or set UPGRADE_FROM=<git ref> to upgrade from that commit.',
    );
  }
  const first = released.find((r) => r.version === '1.0.0');
  return first && commitOf(first.ref) !== commitOf(latest.ref) ? [latest, first] : [latest];
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
 * Installs a release's lock file over the packages hard-linked from this clone: from what this
 * machine holds alone (the linked packages and npm's cache), and only when that lacks a package,
 * from the registry, saying so.
 */
function installOffline(tree: string, ref: string): void {
  const args = ['install', '--no-audit', '--no-fund'];
  const offline = spawnSync('npm', [...args, '--offline'], { cwd: tree, encoding: 'utf8' });
  if (offline.status === 0) return;
  const why = /ENOTCACHED|request to .* failed.*|code E\w+/.exec(`${offline.stderr}`)?.[0] ?? `exit ${offline.status}`;
  console.warn(
    `${ref}'s packages are not all on this machine (npm install --offline: ${why}); fetching only the missing ones from the registry.`,
  );
  const online = spawnSync('npm', [...args, '--prefer-offline'], { cwd: tree, encoding: 'utf8' });
  if (online.status !== 0) {
    throw new Error(
      `Installing ${ref}'s packages failed offline and from the registry, so its release cannot be built here:\n` +
        `--offline:\n${offline.stderr}\n--prefer-offline:\n${online.stderr}`,
    );
  }
}

/**
 * Built releases of earlier commits, by commit: a tagged release never changes, so it is built once
 * per machine (beside the Node builds, VISA_NODE_CACHE) rather than in every run.
 */
const releaseCache = () =>
  path.join(
    process.env.VISA_NODE_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'visa-desk'),
    'releases',
  );

/**
 * The release of `ref`: its files exported from git into a folder of their own (nothing is registered
 * in the repository), sharing this clone's installed packages through hard links and installing
 * what its lock file lists otherwise offline (above); built and packed with its own `npm run
 * release`. A ref from before `npm run release` existed is packed with this tree's release script
 * under version 0.0.0 (its server reads no version). Answers the tarball, kept in the cache.
 */
export function releaseOf(ref: string): string {
  const commit = must('git', ['rev-parse', `${ref}^{commit}`], { cwd: repoRoot }).trim();
  const cached = path.join(releaseCache(), commit);
  const kept = fs.existsSync(cached) ? fs.readdirSync(cached).find((name) => name.endsWith('.tar.gz')) : undefined;
  if (kept) return path.join(cached, kept);
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-upgrade-from-'));
  try {
    must('bash', ['-c', 'set -o pipefail; git archive --format=tar "$1" | tar -x -C "$2"', 'archive', commit, tree], { cwd: repoRoot });
    for (const modules of ['node_modules', 'apps/web/node_modules', 'apps/api/node_modules', 'packages/shared/node_modules']) {
      const [from, to] = [path.join(repoRoot, modules), path.join(tree, modules)];
      if (!fs.existsSync(from) || !fs.existsSync(path.dirname(to))) continue;
      // Hard links where the file system allows (no copy), a copy otherwise.
      if (spawnSync('cp', ['-al', from, to]).status !== 0) {
        fs.rmSync(to, { recursive: true, force: true });
        must('cp', ['-a', from, to]);
      }
    }
    const lock = (dir: string) => fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
    if (lock(tree) !== lock(repoRoot)) {
      // npm rewrites its record of what is installed in place: a copy of its own, not this clone's file.
      const record = path.join(tree, 'node_modules/.package-lock.json');
      if (fs.existsSync(record)) {
        const bytes = fs.readFileSync(record);
        fs.unlinkSync(record);
        fs.writeFileSync(record, bytes);
      }
      installOffline(tree, ref);
    }
    if (!fs.existsSync(path.join(tree, 'scripts/release.mjs'))) {
      for (const item of RELEASE_MACHINERY) fs.cpSync(path.join(repoRoot, item), path.join(tree, item), { recursive: true });
      const pkg = JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8')) as Record<string, unknown>;
      fs.writeFileSync(path.join(tree, 'package.json'), JSON.stringify({ ...pkg, version: pkg.version ?? '0.0.0' }, null, 2));
    }
    const out = must(process.execPath, [path.join(tree, 'scripts/release.mjs')], { cwd: tree });
    const tarball = /^(release\/\S+\.tar\.gz):/m.exec(out)?.[1];
    if (!tarball) throw new Error(`npm run release in ${ref} named no tarball:\n${out}`);
    fs.mkdirSync(cached, { recursive: true });
    const into = path.join(cached, path.basename(tarball));
    fs.copyFileSync(path.join(tree, tarball), `${into}.tmp`);
    fs.renameSync(`${into}.tmp`, into);
    return into;
  } finally {
    fs.rmSync(tree, { recursive: true, force: true });
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
