import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository this test runs in. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs a command to its end; its output goes into the error when it fails. */
export function must(cmd: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${res.status ?? res.signal}):\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

/** `npm run release` in a tree; answers the tarball's path. */
export function buildRelease(tree: string, env: NodeJS.ProcessEnv = {}): string {
  const out = must(process.execPath, [path.join(tree, 'scripts/release.mjs')], { cwd: tree, env: { ...process.env, ...env } });
  const tarball = /^(release\/\S+\.tar\.gz):/m.exec(out)?.[1];
  if (!tarball) throw new Error(`npm run release named no tarball:\n${out}`);
  return path.join(tree, tarball);
}

/** A new folder in the system's temporary folder that every user may read, as /opt and /var/lib are. */
export function openFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/**
 * Unpacks a tarball into `into` (an empty folder of its own unless given), as docs/deploy.md does
 * beside the running release; answers the release folder. One whose folder is already there (a
 * build sharing another's version) is refused rather than unpacked over it.
 */
export function unpack(tarball: string, into = openFolder('visa-release-')): string {
  const before = new Set(fs.readdirSync(into));
  const listed = new Set(
    must('tar', ['-tzf', tarball])
      .split('\n')
      .filter(Boolean)
      .map((entry) => entry.split('/')[0]!),
  );
  const [only, ...rest] = listed;
  if (!only || rest.length) throw new Error(`the tarball holds ${[...listed].join(', ')} rather than one folder`);
  if (before.has(only)) throw new Error(`${only} is already in ${into}: unpacking would overwrite it`);
  must('tar', ['-xzf', tarball, '-C', into]);
  return path.join(into, only);
}

/** A folder holding `node` and nothing else, to be the whole PATH: no npm, no compiler, no tar. */
export function onlyNode(nodeBinary = process.execPath): string {
  const dir = openFolder('visa-only-node-');
  fs.symlinkSync(fs.realpathSync(nodeBinary), path.join(dir, 'node'));
  return dir;
}

/** Who runs a release: as the systemd unit's `visa-desk`, a user of its own that may write only its data folder. */
export interface ServiceUser {
  /** Set when these tests run as root; otherwise the release runs as the user running them. */
  ids: { uid: number; gid: number } | null;
  /** Makes an empty data folder the user owns, as the unit's StateDirectory (or `install -d -o visa-desk`) does. */
  stateDir(dir: string): string;
  /** Hands what root wrote in a data folder back to the user. */
  giveBack(dir: string): void;
}

/**
 * The user the release tests run releases as (ADR 0066). As root: a system user made when missing,
 * `visa-desk-test`, like the unit's `visa-desk`; the folders around its data folder stay root's,
 * so it may write nothing beside it (as in /var/lib). As another user: that user, with the data
 * folder's parent read-only but while `asRoot` runs what docs/deploy.md has root do there.
 */
export function serviceUser(): ServiceUser & { lock(parent: string): void; asRoot<T>(parent: string, work: () => T): T } {
  const name = 'visa-desk-test';
  let ids: ServiceUser['ids'] = null;
  if (process.getuid?.() === 0) {
    if (spawnSync('id', ['-u', name]).status !== 0) {
      must('useradd', ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', name]);
    }
    ids = { uid: Number(must('id', ['-u', name]).trim()), gid: Number(must('id', ['-g', name]).trim()) };
  }
  const chown = (file: string) => ids && fs.lchownSync(file, ids.uid, ids.gid);
  return {
    ids,
    stateDir(dir) {
      fs.mkdirSync(dir, { mode: 0o700 });
      chown(dir);
      return dir;
    },
    giveBack(dir) {
      chown(dir);
      for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) chown(path.join(entry.parentPath, entry.name));
    },
    lock(parent) {
      if (!ids) fs.chmodSync(parent, 0o555);
    },
    asRoot(parent, work) {
      if (!ids) fs.chmodSync(parent, 0o755);
      try {
        return work();
      } finally {
        if (!ids) fs.chmodSync(parent, 0o555);
      }
    },
  };
}

export interface Running {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** `./bin/visa-desk <args>` in the release folder with only `env` (and PATH) set, as `as` when given. */
export function runRelease(
  release: string,
  pathDir: string,
  env: Record<string, string>,
  args: string[],
  as: ServiceUser['ids'] = null,
): Running & { port: number } {
  const port = Number(env.PORT ?? 0);
  const child = spawn(path.join(release, 'bin/visa-desk'), args, {
    ...(as ?? {}),
    cwd: release,
    env: { PATH: pathDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Polls /api/health until it answers 200; fails with the process's output if it exits first. */
export async function waitForHealth(server: Running, limitMs = 60_000): Promise<{ status: string; version?: string }> {
  let exitedWith: number | null | undefined;
  void server.exited.then((code) => (exitedWith = code));
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (exitedWith !== undefined) throw new Error(`the release exited with ${exitedWith}:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.status === 200) return (await res.json()) as { status: string; version?: string };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the release did not answer /api/health:\n${server.output()}`);
}

/** The version `npm run release` gives a tree's HEAD (ADR 0066). */
export const versionOf = (tree: string): string =>
  must(process.execPath, [path.join(tree, 'scripts/release.mjs'), '--version'], { cwd: tree }).trim();
