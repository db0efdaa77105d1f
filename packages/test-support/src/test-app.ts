import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Migrator } from 'kysely';
import pg from 'pg';
import type { Role } from '@visa/shared/constants';
import { buildApp } from '../../../apps/api/src/app.js';
import { type Config, loadConfig } from '../../../apps/api/src/config.js';
import { type Db, createDb, migrateToLatest } from '../../../apps/api/src/db/connection.js';
import { migrations } from '../../../apps/api/src/db/migrations/index.js';
import { hashPassword } from '../../../apps/api/src/modules/domain/staff-accounts/passwords.js';
import { insertStaffAccount } from '../../../apps/api/src/modules/domain/staff-accounts/repository.js';
import { sessionPolicyOf, startSession } from '../../../apps/api/src/modules/domain/sessions/sessions.js';
import { dataDirLayout } from '../../../apps/api/src/infra/data-dir.js';
import { createLocalStorage } from '../../../apps/api/src/infra/storage/local-storage.js';
import type { Storage } from '../../../apps/api/src/infra/storage/storage.js';

/** Which engine this run of the API suite uses: vitest's projects set TEST_DB (see the root vitest.config.ts). */
export const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  storage: Storage;
  dataDir: string;
  /** app.inject with the XSRF double-submit pair and an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** A staff member with a live session; `token` is their access token. */
  createStaff(
    role?: Role,
    overrides?: { email?: string; password?: string; name?: string },
  ): Promise<{ id: string; email: string; password: string; token: string; role: Role }>;
  close(): Promise<void>;
}

const XSRF = 'test-xsrf-token';
let counter = 0;

/**
 * One real hash per password for the whole run: staff made by createStaff still sign in against a
 * full-cost argon2id hash, but the hashing is not paid again for every one of them.
 */
const passwordHashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let found = passwordHashes.get(password);
  if (!found) {
    found = hashPassword(password);
    passwordHashes.set(password, found);
  }
  return found;
};

/** An empty PostgreSQL database of its own on the TEST_DATABASE_URL server, dropped by `drop`. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
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

/**
 * A database of this run's engine migrated up to the migration just before `migration`, for a test
 * that writes rows as they were and then runs that migration over them.
 */
export async function databaseBefore(migration: string) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-migration-'));
  const pgDb = engine === 'postgres' ? await createPostgresDatabase() : null;
  const db = createDb(pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'sqlite', file: path.join(scratch, 'old.sqlite') });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = Object.keys(migrations)
    .sort()
    .filter((name) => name < migration)
    .at(-1)!;
  const { error } = await migrator.migrateTo(before);
  if (error) throw error;
  return {
    db,
    migrator,
    async close() {
      await db.destroy();
      await pgDb?.drop();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh app on a freshly migrated database (SQLite file or PostgreSQL database) and temp DATA_DIR.
 * `now` is the clock session limits are kept by: a test moves it on instead of waiting.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { now?: () => Date } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-api-test-'));
  const pgDb = engine === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const db = createDb(config.database);
  await migrateToLatest(db);
  const storage = createLocalStorage(dataDirLayout(dataDir).uploads);
  const app = await buildApp({ config, db, secret: config.APP_SECRET!, storage, webRoot: null, now: options.now });
  const sessionPolicy = sessionPolicyOf(config, options.now);
  await app.ready();

  const request: TestApp['request'] = ({ token, headers, cookies, ...rest }) =>
    app.inject({
      ...rest,
      headers: { 'x-xsrf-token': XSRF, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      cookies: { 'XSRF-TOKEN': XSRF, ...cookies },
    });

  const createStaff: TestApp['createStaff'] = async (role = 'admin', overrides = {}) => {
    counter += 1;
    const email = overrides.email ?? `staff${counter}-${randomBytes(3).toString('hex')}@example.com`;
    const password = overrides.password ?? 'correct horse battery';
    const user = await insertStaffAccount(db, {
      name: overrides.name ?? `Staff ${counter}`,
      email,
      role,
      passwordHash: await hashOnce(password),
    });
    const { familyId } = await startSession(db, user._id, { ip: '127.0.0.1', userAgent: 'test' }, sessionPolicy);
    const token = await app.tokens.sign({ id: user._id, role }, familyId);
    return { id: user._id, email: user.email, password, token, role };
  };

  return {
    app,
    db,
    config,
    storage,
    dataDir,
    request,
    createStaff,
    async close() {
      await app.close();
      await db.destroy();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** All files under a folder, relative: to prove a failed request left nothing behind. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
