import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The repository root, for building and starting the real server. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** An empty PostgreSQL database of its own on the TEST_DATABASE_URL server, dropped by `drop`. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `m_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Compiles the API (incremental: quick when nothing changed) so tests can start `dist/server.js`. */
export function buildApi(): void {
  const res = spawnSync('npx', ['tsc', '-b', 'packages/shared', 'apps/api'], { cwd: repoRoot, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`tsc -b failed:\n${res.stdout}\n${res.stderr}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** `node apps/api/dist/server.js` with only the given environment (plus PATH), as an operator would start it. */
export function startServer(env: Record<string, string>, port: number): ServerProcess {
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Polls `path` until it answers 200; fails early with the process's output if it exits. */
export async function waitUntilAnswering(server: ServerProcess, urlPath = '/api/health', limitMs = 45_000): Promise<void> {
  let exitedWith: number | null | undefined;
  void server.exited.then((code) => (exitedWith = code));
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (exitedWith !== undefined) throw new Error(`server exited with ${exitedWith}:\n${server.output()}`);
    try {
      const res = await fetch(server.url + urlPath);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer ${urlPath}:\n${server.output()}`);
}
