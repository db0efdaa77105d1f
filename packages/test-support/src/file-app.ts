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
 * What a beforeAll hook makes, usable before it exists: every read goes to the made thing, so a test
 * file can hold it in a constant. Hooks run in the order they are declared, so the file's own
 * beforeAll hooks declared after this one already see it.
 */
function madeBeforeAll<T extends object>(make: () => Promise<T>, what: string): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  const current = () => {
    if (!made) throw new Error(`${what} is made in beforeAll: use it inside hooks and tests`);
    return made;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(current(), key);
      return found && { ...found, configurable: true };
    },
  });
}

/** One test app for all of a test file's (or describe block's) tests: started before the first, closed after the last. */
export function appForFile(...args: Parameters<typeof createTestApp>): TestApp {
  const t = madeBeforeAll(() => createTestApp(...args), 'the test app');
  afterAll(() => t.close());
  return t;
}

/** A staff member with a live session on `t`, made before the tests (after the app starts). */
export function staffForFile(t: TestApp, ...args: Parameters<TestApp['createStaff']>): Staff {
  return madeBeforeAll(() => t.createStaff(...args), 'the staff member');
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

/**
 * A second app on `t`'s database, storage and configuration that logs everything (trace) into
 * `lines`, one JSON line each: what the log-privacy tests read. `now` is its clock, as `t`'s.
 */
export function loggingTwin(t: TestApp, lines: string[], now?: () => Date): Promise<FastifyInstance> {
  return buildApp(
    { config: { ...t.config, LOG_LEVEL: 'trace' }, db: t.db, secret: t.config.APP_SECRET!, storage: t.storage, webRoot: null, now },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
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
