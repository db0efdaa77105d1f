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
export function buildRelease(tree: string, extra: string[] = []): string {
  const out = must(process.execPath, [path.join(tree, 'scripts/release.mjs'), ...extra], { cwd: tree });
  const tarball = /^(release\/\S+\.tar\.gz):/m.exec(out)?.[1];
  if (!tarball) throw new Error(`npm run release named no tarball:\n${out}`);
  return path.join(tree, tarball);
}

/** Unpacks a tarball into an empty folder of its own; answers the release folder. */
export function unpack(tarball: string): string {
  const into = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-release-'));
  must('tar', ['-xzf', tarball, '-C', into]);
  const [only, ...rest] = fs.readdirSync(into);
  if (!only || rest.length) throw new Error(`the tarball holds ${[only, ...rest].join(', ')} rather than one folder`);
  return path.join(into, only);
}

/** A folder holding `node` and nothing else, to be the whole PATH: no npm, no compiler, no tar. */
export function onlyNode(nodeBinary = process.execPath): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-only-node-'));
  fs.symlinkSync(fs.realpathSync(nodeBinary), path.join(dir, 'node'));
  return dir;
}

export interface Running {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** `./bin/visa-desk <args>` in the release folder with only `env` (and PATH) set. */
export function runRelease(release: string, pathDir: string, env: Record<string, string>, args: string[]): Running & { port: number } {
  const port = Number(env.PORT ?? 0);
  const child = spawn(path.join(release, 'bin/visa-desk'), args, {
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

/** The version in a tree's root package.json. */
export const versionOf = (tree: string): string =>
  (JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8')) as { version?: string }).version ?? '';
