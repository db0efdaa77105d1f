import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@visa/test-support/ports';
import { type ServerProcess, buildApi, startServer, waitUntilAnswering } from '@visa/test-support/processes';
import { createPostgresDatabase, engine } from '@visa/test-support/test-app';

// Real server processes, started at the same instant on one empty database: migrations take turns
// under a lock, exactly one owner account is created, and every instance comes up.

const XSRF = { 'x-xsrf-token': 't', cookie: 'XSRF-TOKEN=t' };
const INSTANCES = 3;

let dataDir: string;
let pgDb: { url: string; drop: () => Promise<void> } | null = null;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  buildApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-concurrent-'));
  if (engine === 'postgres') pgDb = await createPostgresDatabase();
}, 180_000);

afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await pgDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function owners(): Promise<{ email: string }[]> {
  if (pgDb) {
    const client = new pg.Client({ connectionString: pgDb.url });
    await client.connect();
    try {
      return (await client.query<{ email: string }>("select email from users where role = 'superadmin'")).rows;
    } finally {
      await client.end();
    }
  }
  const sqlite = new SQLite(path.join(dataDir, 'visa.sqlite'), { readonly: true });
  try {
    return sqlite.prepare("select email from users where role = 'superadmin'").all() as { email: string }[];
  } finally {
    sqlite.close();
  }
}

async function login(server: ServerProcess, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...XSRF },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe(`${INSTANCES} instances started at once on one empty ${engine === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  it('all come up, with exactly one owner, and a sign-in on one instance works on the others', async () => {
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    // PostgreSQL: separate hosts sharing a database and APP_SECRET. SQLite: processes sharing one
    // DATA_DIR, racing to create the secret key and the generated owner account too.
    const envFor = (i: number): Record<string, string> =>
      pgDb
        ? {
            DATA_DIR: path.join(dataDir, `instance-${i}`),
            DATABASE_URL: pgDb.url,
            APP_SECRET: 's'.repeat(40),
            ADMIN_EMAIL: 'owner@example.com',
            ADMIN_PASSWORD: 'correct horse battery',
          }
        : { DATA_DIR: dataDir };
    servers = ports.map((port, i) => startServer(envFor(i), port));
    await Promise.all(servers.map((s) => waitUntilAnswering(s)));
    for (const s of servers) {
      expect(s.child.exitCode).toBeNull();
      const ready = await fetch(`${s.url}/api/ready`);
      expect(ready.status).toBe(200);
    }

    const rows = await owners();
    expect(rows).toHaveLength(1);

    let password = 'correct horse battery';
    if (!pgDb) {
      // The generated password is printed once, by the one instance whose insert won.
      const printed = servers.map((s) => /password: (\S+)/.exec(s.output())?.[1]).filter(Boolean);
      expect(printed).toHaveLength(1);
      password = printed[0]!;
    }
    const token = await login(servers[0]!, rows[0]!.email, password);
    for (const s of servers) {
      const me = await fetch(`${s.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
    }
  });

  it('SIGTERM: a request in flight is finished, then the process exits cleanly', async () => {
    const server = servers[1]!;
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    const answered = new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/users/login`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...XSRF } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      // Half the body now, the rest only after the signal: the request is in flight when it lands.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    expect(await answered).toBe(401);
    expect(await server.exited).toBe(0);
    // The others are untouched.
    const other = await fetch(`${servers[0]!.url}/api/health`);
    expect(other.status).toBe(200);
  });
});
