import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@visa/test-support/ports';
import { type ServerProcess, buildApi, waitUntilAnswering } from '@visa/test-support/processes';
import { engine } from '@visa/test-support/test-app';

/**
 * The libraries few requests need load when first used, not when a server process starts (ADR
 * 0074): the built server is started with a module hook that writes down every package file it
 * loads; none of these (the tus server of uploads by link among them) is among them once it answers,
 * and the QR code library is there after a member of staff starts setting up a second factor, which
 * answers as before.
 */

const LOADED_LATER = [
  'sharp',
  'file-type',
  'pdfkit',
  'pdf-lib',
  'qrcode',
  'nodemailer',
  'yazl',
  '@tus/server',
  '@tus/file-store',
  'srvx',
  'ics',
];
const ADMIN = { email: 'owner@example.com', password: 'a long staff passphrase 7' };
const XSRF = { 'x-xsrf-token': 't', cookie: 'XSRF-TOKEN=t' };
const serverJs = path.resolve(import.meta.dirname, '../../dist/server.js');

let dir: string;
let server: ServerProcess;

/** Every package file the process has loaded so far, by package name. */
function loadedPackages(): Set<string> {
  const lines = fs.readFileSync(path.join(dir, 'loaded.txt'), 'utf8').split('\n');
  return new Set(lines.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]).filter((name) => name !== undefined));
}

beforeAll(async () => {
  buildApi();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-first-use-'));
  const hooks = `import fs from 'node:fs';
export async function load(url, context, next) {
  fs.appendFileSync(${JSON.stringify(path.join(dir, 'loaded.txt'))}, url + '\\n');
  return next(url, context);
}`;
  fs.writeFileSync(path.join(dir, 'hooks.mjs'), hooks);
  fs.writeFileSync(
    path.join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(path.join(dir, 'hooks.mjs')).href)});\n`,
  );
  fs.writeFileSync(path.join(dir, 'loaded.txt'), '');
  const port = await freePort();
  // SQLite in a folder of its own on either run: what is loaded at start does not depend on the engine.
  const child = spawn(process.execPath, ['--import', pathToFileURL(path.join(dir, 'register.mjs')).href, serverJs], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  server = { child, port, url: `http://127.0.0.1:${port}`, output: () => out, exited };
  await waitUntilAnswering(server);
}, 180_000);

afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`libraries loaded on first use (${engine} run)`, () => {
  it('are not loaded when the server starts, and work when first asked for', async () => {
    const atStart = loadedPackages();
    // The hook sees the server's own packages: the check would pass for nothing if it did not.
    expect(atStart.has('fastify')).toBe(true);
    expect(LOADED_LATER.filter((name) => atStart.has(name))).toEqual([]);

    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...XSRF },
      body: JSON.stringify(ADMIN),
    });
    // The answer and the server's output with it: a refused sign-in here says why.
    expect(login.status, `${await login.clone().text()}\n${server.output()}`).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const setup = await fetch(`${server.url}/api/users/me/second-factor/setup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...XSRF },
      body: JSON.stringify({ password: ADMIN.password }),
    });
    expect(setup.status, await setup.clone().text()).toBe(200);
    expect(((await setup.json()) as { qrCode: string }).qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(loadedPackages().has('qrcode')).toBe(true);
  });
});
