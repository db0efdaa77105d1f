import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type Db, createDb } from '../../src/db/connection.js';
import { migrations } from '../../src/db/migrations/index.js';
import type { Database } from '../../src/db/schema.js';
import { createLocalStorage } from '../../src/infra/storage/local-storage.js';
import type { Storage } from '../../src/infra/storage/storage.js';
import { queueStaffEmail } from '../../src/modules/domain/applicant-notices/outbox-repository.js';
import { type TestApp, createPostgresDatabase, createTestApp, engine } from '@visa/test-support/test-app';

let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await createTestApp();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-ready-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Another app over the given parts, to break one of them without disturbing the shared test app. */
async function appWith(parts: { db?: Db; storage?: Storage; config?: Config }): Promise<FastifyInstance> {
  const config = parts.config ?? t.config;
  const app = await buildApp({
    config,
    db: parts.db ?? t.db,
    secret: config.APP_SECRET!,
    storage: parts.storage ?? t.storage,
    webRoot: null,
  });
  await app.ready();
  return app;
}

const ALL_OK = { database: 'ok', migrations: 'ok', storage: 'ok', disk: 'ok', mail: 'ok', mailQueue: 'ok', textQueue: 'ok' };

const ready = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

describe('GET /api/ready', () => {
  it('is 200 with every part ok when the instance can serve', async () => {
    expect(await ready(t.app)).toEqual({
      status: 200,
      body: { status: 'ok', ...ALL_OK },
    });
  });

  it('is 503 naming storage when the file store cannot be written', async () => {
    const root = path.join(scratch, 'uploads');
    const storage = createLocalStorage(root);
    fs.rmSync(root, { recursive: true });
    const app = await appWith({ storage });
    try {
      expect(await ready(app)).toEqual({
        status: 503,
        body: { status: 'error', ...ALL_OK, storage: 'error', failing: ['storage'] },
      });
      // The liveness probe does not care.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is 503 naming mail when the mail folder cannot take a message', async () => {
    const config = loadConfig({ DATA_DIR: path.join(scratch, 'mail-data'), APP_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
    fs.mkdirSync(config.dataDir, { recursive: true });
    // Where the folder should be, a file.
    fs.writeFileSync(path.join(config.dataDir, 'outbox'), 'not a folder');
    const app = await appWith({ config });
    try {
      const { status, body } = await ready(app);
      expect(status).toBe(503);
      expect(body).toMatchObject({ mail: 'error', failing: ['mail'] });
    } finally {
      await app.close();
    }
  });

  it('is 503 naming migrations when the database is behind this version', async () => {
    const pgDb = engine === 'postgres' ? await createPostgresDatabase() : null;
    const db = createDb(pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'sqlite', file: path.join(scratch, 'behind.sqlite') });
    const first = Object.keys(migrations).sort()[0]!;
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(first);
    expect(error).toBeUndefined();
    const app = await appWith({ db });
    try {
      expect(await ready(app)).toEqual({
        status: 503,
        body: {
          status: 'error',
          ...ALL_OK,
          migrations: 'behind',
          // The queues of an outbox an earlier version made are not looked at.
          mailQueue: 'unknown',
          textQueue: 'unknown',
          failing: ['migrations'],
        },
      });
    } finally {
      await app.close();
      await db.destroy();
      await pgDb?.drop();
    }
  });

  it('is 503 naming the database when it cannot be reached, leaving what depends on it unknown', async () => {
    // PostgreSQL: nothing listens at that address. SQLite: the connection's handle is closed.
    let db: Db;
    if (engine === 'postgres') db = createDb({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    else {
      const sqlite = new SQLite(path.join(scratch, 'closed.sqlite'));
      db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
      sqlite.close();
    }
    const app = await appWith({ db });
    try {
      expect(await ready(app)).toEqual({
        status: 503,
        body: {
          status: 'error',
          ...ALL_OK,
          database: 'error',
          migrations: 'unknown',
          mail: 'unknown',
          mailQueue: 'unknown',
          textQueue: 'unknown',
          failing: ['database'],
        },
      });
    } finally {
      await app.close();
      await db.destroy().catch(() => undefined);
    }
  });

  it('stays 200 but says degraded when the disk is getting low, or a queue is not draining', async () => {
    // A threshold no test machine's disk reaches.
    const low = await appWith({ config: { ...t.config, READY_DISK_MIN_FREE_MB: 10_000_000 } });
    try {
      expect(await ready(low)).toEqual({ status: 200, body: { status: 'degraded', ...ALL_OK, disk: 'low', lagging: ['disk'] } });
    } finally {
      await low.close();
    }

    // An email that has kept failing for an hour: its SMTP server is away.
    const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
    const id = await queueStaffEmail(t.db, { to: 'staff@example.com', subject: 'Alert', text: 'x', html: null }, new Date(hourAgo));
    await t.db
      .updateTable('outbox')
      .set({ last_error: '451 try again later', attempts: 60, next_attempt_at: new Date(Date.now() + 30_000).toISOString() })
      .where('id', '=', id)
      .execute();
    try {
      expect(await ready(t.app)).toEqual({
        status: 200,
        body: { status: 'degraded', ...ALL_OK, mailQueue: 'behind', lagging: ['mailQueue'] },
      });
    } finally {
      await t.db.deleteFrom('outbox').where('id', '=', id).execute();
    }
    expect((await ready(t.app)).body.status).toBe('ok');
  });
});
