import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// The process as an operator runs it: the built server, its own port and DATA_DIR.
const serverJs = path.resolve(import.meta.dirname, '../apps/api/dist/server.js');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverJs], {
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

let dataDir: string;
test.beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-server-'));
});
test.afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test('a bad PORT stops start-up with one clear line', async () => {
  const { exited, output } = start({ PORT: 'abc', DATA_DIR: dataDir });
  expect(await exited).toBe(1);
  expect(output().trim()).toBe('Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")');
});

test('first start creates the data folder, a private secret key and the super-admin; SIGTERM stops it cleanly', async () => {
  const port = await freePort();
  const server = start({ PORT: String(port), DATA_DIR: dataDir });
  let child: ChildProcess | undefined = server.child;
  try {
    await waitForHealth(port);
    expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(dataDir, 'visa.sqlite'))).toBe(true);
    expect(server.output()).toMatch(/email: +admin@example\.com/);
    expect(server.output()).toMatch(/password: +\S{12,}/);
    const secret = fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8');

    // A request in flight when the signal arrives still gets its answer: its headers are in,
    // half its body is sent, then SIGTERM, then the rest of the body.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' });
    socket.write(
      `POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
        `Cookie: XSRF-TOKEN=abc\r\nX-XSRF-TOKEN: abc\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    const closed = new Promise((r) => socket.once('close', r));
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    child = undefined;

    // Second start: same secret, no new generated password.
    const again = start({ PORT: String(port), DATA_DIR: dataDir });
    child = again.child;
    await waitForHealth(port);
    expect(fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8')).toBe(secret);
    expect(again.output()).not.toContain('password:');
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    child = undefined;
  } finally {
    child?.kill('SIGKILL');
  }
});
