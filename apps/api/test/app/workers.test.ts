import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@visa/test-support/ports';
import { type ServerProcess, buildApi, startServer, waitUntilAnswering } from '@visa/test-support/processes';
import { createPostgresDatabase, engine } from '@visa/test-support/test-app';
import { loadConfig } from '../../src/config.js';

// WORKERS=2 on one machine: two real server processes behind one port, sharing sessions, rate
// limits and the database, replaced when one dies, all stopped by one SIGTERM.

const XSRF = { 'x-xsrf-token': 't', cookie: 'XSRF-TOKEN=t' };
const OWNER = { email: 'owner@example.com', password: 'a long office passphrase 7' };

let dataDir: string;
let pgDb: { url: string; drop: () => Promise<void> } | null = null;
let server: ServerProcess;

beforeAll(async () => {
  buildApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-workers-'));
  if (engine === 'postgres') pgDb = await createPostgresDatabase();
  server = startServer(
    {
      DATA_DIR: dataDir,
      WORKERS: '2',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    },
    await freePort(),
  );
  await waitUntilAnswering(server);
}, 180_000);

afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await server.exited;
  await pgDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Each call on a new connection (no keep-alive), so the primary hands calls to the workers in turn. */
function call(urlPath: string, options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 5_000;
  return new Promise<{ status: number; json: () => unknown }>((resolve, reject) => {
    const req = http.request(
      `${server.url}${urlPath}`,
      { method: options.method ?? 'GET', agent: false, headers: { ...XSRF, ...options.headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    // A connection handed to a process at the instant it died is never answered.
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.end(options.body);
  });
}

/** The processes that logged a request since `from` characters of output. */
const answeringPids = (from = 0) =>
  new Set(
    server
      .output()
      .slice(from)
      .split('\n')
      .filter((line) => line.includes('"request completed"'))
      // A regex rather than JSON.parse: `from` may fall inside a line another process was writing.
      .map((line) => Number(/"pid":(\d+)/.exec(line)?.[1]))
      .filter((pid) => pid > 0),
  );

const signIn = async () => {
  const res = await call('/api/users/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(res.status).toBe(200);
  return (res.json() as { token: string }).token;
};

describe('WORKERS', () => {
  it('is a whole number from 1 to 64 or auto (one per core), and 1 by default', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(loadConfig({ WORKERS: '3' }).WORKERS).toBe(3);
    expect(loadConfig({ WORKERS: 'auto' }).WORKERS).toBe(os.availableParallelism());
    for (const bad of ['0', '65', 'two', '1.5']) {
      expect(() => loadConfig({ WORKERS: bad })).toThrow('Invalid configuration: WORKERS must be auto or a whole number between 1 and 64');
    }
  });

  it('two processes answer on one port, and a session started on one is honoured by the other', async () => {
    const from = server.output().length;
    const token = await signIn();
    // The server answers once one worker listens; the other may still be starting (connecting to
    // PostgreSQL on a busy machine). Ask in rounds until both have answered, for at most ~5 s.
    for (let round = 0; round < 20 && answeringPids(from).size < 2; round++) {
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => call('/api/users/me', { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)),
      );
      expect(answers).toEqual(Array(30).fill(200));
    }
    const pids = answeringPids(from);
    expect(pids.size).toBe(2);
    expect(pids.has(server.child.pid!)).toBe(false);
    expect(server.output()).toContain('(2 server processes)');
  });

  it('rate limits count across the processes', async () => {
    const wrong = { email: 'nobody@example.com', password: 'not the password at all' };
    const statuses: number[] = [];
    for (let i = 0; i < 60 && !statuses.includes(429); i++) {
      statuses.push(
        (await call('/api/users/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(wrong) }))
          .status,
      );
    }
    // The per-email limit is 10 in 15 minutes: counted per process it would allow about 20 here.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a process that dies is replaced, and the site keeps answering', { timeout: 60_000 }, async () => {
    const from = server.output().length;
    await Promise.all(Array.from({ length: 6 }, () => call('/api/health')));
    // A process's log line can reach the output a moment after its answer reached the caller.
    await expect.poll(() => answeringPids(from).size, { timeout: 5_000 }).toBeGreaterThan(0);
    const [victim] = [...answeringPids(from)];
    process.kill(victim!, 'SIGKILL');
    await expect
      .poll(
        async () => {
          const mark = server.output().length;
          // A call lost with the dead process is given up on soon: the next round asks again.
          await Promise.all(Array.from({ length: 6 }, () => call('/api/health', { timeoutMs: 1_000 }).catch(() => null)));
          const pids = answeringPids(mark);
          return pids.size === 2 && !pids.has(victim!);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    expect(server.output()).toContain(`server process ${victim} exited (SIGKILL); starting another`);
  });

  it('SIGTERM stops every process and exits 0', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
