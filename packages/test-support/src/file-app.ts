import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../apps/api/src/app.js';
import { loadConfig } from '../../../apps/api/src/config.js';
import { type TestApp, createTestApp } from './test-app.js';

export type Staff = Awaited<ReturnType<TestApp['createStaff']>>;

/**
 * One test app for all of a test file's tests: started before the first (ahead of the file's own
 * beforeAll hooks, which run in the order they are declared) and closed after the last. The handle
 * forwards to it, so the file can hold it in a constant and use it as the app itself.
 */
export function appForFile(...args: Parameters<typeof createTestApp>): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(...args);
  });
  afterAll(() => started?.close());
  const current = () => {
    if (!started) throw new Error('the test app starts in beforeAll: use it inside hooks and tests');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get config() {
      return current().config;
    },
    get storage() {
      return current().storage;
    },
    get dataDir() {
      return current().dataDir;
    },
    request: (options) => current().request(options),
    createStaff: (role, overrides) => current().createStaff(role, overrides),
    close: () => current().close(),
  };
}

/** A staff member with a live session on `t`, made before the file's tests (after the app starts). */
export function staffForFile(t: TestApp, ...args: Parameters<TestApp['createStaff']>): Staff {
  let made: Staff | undefined;
  beforeAll(async () => {
    made = await t.createStaff(...args);
  });
  const current = () => {
    if (!made) throw new Error('the staff member is made in beforeAll: use it inside hooks and tests');
    return made;
  };
  return {
    get id() {
      return current().id;
    },
    get email() {
      return current().email;
    },
    get password() {
      return current().password;
    },
    get token() {
      return current().token;
    },
    get role() {
      return current().role;
    },
  };
}

/**
 * A second app on the same database and storage that serves a web build, as a second process does
 * with WORKERS > 1; `pages` are the build's files by path. Its web root goes when it is closed.
 */
export async function startSite(t: TestApp, pages: Record<string, string>, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-site-web-'));
  for (const [file, content] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
    fs.writeFileSync(path.join(webRoot, file), content);
  }
  const config = loadConfig({ DATA_DIR: t.dataDir, APP_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', ...env });
  const site = await buildApp({ config, db: t.db, secret: config.APP_SECRET!, storage: t.storage, webRoot });
  site.addHook('onClose', async () => fs.rmSync(webRoot, { recursive: true, force: true }));
  await site.ready();
  return site;
}

/** The details of the audit events one action recorded about one entity, parsed, oldest first as stored. */
export async function auditDetails(t: TestApp, entityId: string, action: string): Promise<Record<string, unknown>[]> {
  const rows = await t.db
    .selectFrom('audit_events')
    .select('details')
    .where('entity_id', '=', entityId)
    .where('action', '=', action)
    .execute();
  return rows.map((r) => JSON.parse(r.details) as Record<string, unknown>);
}
