import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './release-helpers.js';

const CADDY = '/usr/bin/caddy';

/** Caddy is a system package like Chromium and PostgreSQL: installed by ensure-system.sh, never skipped. */
export function ensureCaddy(): void {
  if (fs.existsSync(CADDY)) return;
  const res = spawnSync('bash', [path.join(repoRoot, 'scripts/ensure-system.sh')], { encoding: 'utf8' });
  if (!fs.existsSync(CADDY)) throw new Error(`caddy is missing and scripts/ensure-system.sh did not install it:\n${res.stderr}`);
}

/**
 * The shipped deploy/Caddyfile, only its addresses changed: the site served over plain HTTP on
 * 127.0.0.1:`caddyPort`, the server at 127.0.0.1:`serverPort`, and no admin endpoint. Everything
 * else (retries, log filters) is the operator's file as shipped.
 */
function testCaddyfile(caddyPort: number, serverPort: number): string {
  const shipped = fs.readFileSync(path.join(repoRoot, 'deploy/Caddyfile'), 'utf8');
  const swaps: [string, string][] = [
    ['\nvisa.example.com {', `\nhttp://127.0.0.1:${caddyPort} {`],
    ['reverse_proxy 127.0.0.1:3000 {', `reverse_proxy 127.0.0.1:${serverPort} {`],
    ['\temail owner@example.com\n', '\temail owner@example.com\n\tadmin off\n'],
  ];
  let text = shipped;
  for (const [from, to] of swaps) {
    if (!text.includes(from)) throw new Error(`deploy/Caddyfile no longer holds "${from.trim()}": update this test's copy`);
    text = text.replace(from, to);
  }
  return text;
}

export interface RunningCaddy {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** `caddy run` on a copy of the Caddyfile, its state folders in `dir`; answers once it proxies `/api/health`. */
export async function startCaddy(dir: string, caddyPort: number, serverPort: number): Promise<RunningCaddy> {
  const config = path.join(dir, 'Caddyfile');
  fs.writeFileSync(config, testCaddyfile(caddyPort, serverPort));
  const child = spawn(CADDY, ['run', '--adapter', 'caddyfile', '--config', config], {
    env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${caddyPort}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${out}`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    if (tries > 300) throw new Error(`caddy did not answer:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The access log's lines Caddy wrote so far, parsed. */
export const accessLines = (caddy: RunningCaddy): { request: { uri: string; method: string }; status: number }[] =>
  caddy
    .output()
    .split('\n')
    .filter((line) => line.includes('"http.log.access'))
    .map((line) => JSON.parse(line) as { request: { uri: string; method: string }; status: number });

/** The `logging.logs` of the test copy as Caddy adapts it: the access log and the default one. */
export function adaptedLogs(dir: string): Record<string, { encoder?: unknown }> {
  const res = spawnSync(CADDY, ['adapt', '--adapter', 'caddyfile', '--config', path.join(dir, 'Caddyfile')], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`caddy adapt failed:\n${res.stderr}`);
  return (JSON.parse(res.stdout) as { logging: { logs: Record<string, { encoder?: unknown }> } }).logging.logs;
}
