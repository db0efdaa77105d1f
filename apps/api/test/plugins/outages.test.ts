import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/ui-texts';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Db, createDb } from '../../src/db/connection.js';
import { createStorage } from '../../src/infra/storage/create.js';
import { createLocalStorage } from '../../src/infra/storage/local-storage.js';
import { outageOf } from '../../src/lib/outage.js';
import { applicationFields, multipart, tableCounts } from '@visa/test-support/applications';
import { jpeg } from '@visa/test-support/images';
import { freePort } from '@visa/test-support/ports';
import { startS3rver } from '@visa/test-support/processes';
import { type TestApp, createTestApp, listFiles } from '@visa/test-support/test-app';

/** An app over the test app's database and settings, with its own storage or database. */
async function appOver(t: TestApp, parts: { db?: Db; storage?: Awaited<ReturnType<typeof createStorage>> }): Promise<FastifyInstance> {
  const app = await buildApp({
    config: t.config,
    db: parts.db ?? t.db,
    secret: t.config.APP_SECRET!,
    storage: parts.storage ?? t.storage,
    webRoot: null,
  });
  await app.ready();
  return app;
}

const staffHeaders = (token: string) => ({ 'x-xsrf-token': 'x', authorization: `Bearer ${token}` });

/** A staff member adding an application with its photo: a write that needs the database and the store. */
const addWithPhoto = async (app: FastifyInstance, token: string, passport: string) =>
  app.inject({
    method: 'POST',
    url: '/api/application/addApplication',
    headers: staffHeaders(token),
    cookies: { 'XSRF-TOKEN': 'x' },
    payload: multipart(applicationFields({ passport }), { bytes: await jpeg(), name: 'me.jpg', type: 'image/jpeg' }),
  });

describe('which failures are a dependency away', () => {
  const coded = (code: string) => Object.assign(new Error('whatever the driver says'), { code });

  it('tells them by code, through causes, and leaves everything else a 500', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '53300', 'SQLITE_BUSY', 'SQLITE_IOERR_WRITE']) {
      expect(outageOf(coded(code)), code).toBe('unavailable');
    }
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']) expect(outageOf(coded(code)), code).toBe('full');
    // The S3 client's throttling and server faults; a refusal of the request itself is not an outage.
    expect(outageOf(Object.assign(new Error('x'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } }))).toBe('unavailable');
    expect(outageOf(Object.assign(new Error('x'), { name: 'InternalError', $fault: 'server' }))).toBe('unavailable');
    expect(outageOf(Object.assign(new Error('x'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } }))).toBeNull();
    expect(outageOf(new Error('fetch failed', { cause: coded('ECONNREFUSED') }))).toBe('unavailable');
    expect(outageOf(new AggregateError([coded('ECONNREFUSED')]))).toBe('unavailable');
    // A statement's own fault (a unique index, bad SQL), or a message that merely sounds like an outage.
    for (const code of ['23505', '42601', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR']) expect(outageOf(coded(code)), code).toBeNull();
    expect(outageOf(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBeNull();
  });
});

describe('answers while a dependency is away', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createStaff()).token;
  });
  afterAll(() => t.close());

  it('is 503 with Retry-After and a message, never 500, while PostgreSQL cannot be reached', async () => {
    const db = createDb({ kind: 'postgres', url: `postgres://nobody@127.0.0.1:${await freePort()}/none` });
    const app = await appOver(t, { db });
    try {
      for (const request of [
        { method: 'GET' as const, url: '/api/users/me', headers: staffHeaders(token), cookies: { 'XSRF-TOKEN': 'x' } },
        {
          method: 'POST' as const,
          url: '/api/users/login',
          headers: { 'x-xsrf-token': 'x' },
          cookies: { 'XSRF-TOKEN': 'x' },
          payload: { email: 'someone@example.com', password: 'a password long enough' },
        },
      ]) {
        const res = await app.inject(request);
        expect(res.statusCode, request.url).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ message: SERVER.unavailable });
      }
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('is 503 for an upload while the object store is away, and stores nothing', async () => {
    const s3 = await startS3rver('visa-outage');
    const storage = await createStorage(loadConfig({ DATA_DIR: t.dataDir, ...s3.env }));
    const app = await appOver(t, { storage });
    try {
      await s3.close();
      const before = await tableCounts(t);
      const res = await addWithPhoto(app, token, 'S3AWAY001');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: SERVER.unavailable });
      expect(await tableCounts(t)).toEqual(before);
    } finally {
      await app.close();
    }
  });
});

/**
 * A full disk needs a small file system: a tmpfs mounted for the test, which takes root (as the
 * CI container runs). Without it the test is skipped; bench/drills/disk-full.mjs says the same.
 */
function mountTinyDisk(): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-tiny-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
}
const tinyDisk = process.getuid?.() === 0 ? mountTinyDisk() : null;

describe.skipIf(!tinyDisk)('a full disk under DATA_DIR', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    // DATA_DIR (an SQLite database, the readiness probe's disk) and the file store both on the tiny disk.
    t = await createTestApp({ DATA_DIR: tinyDisk!, READY_DISK_MIN_FREE_MB: '1' });
    app = await appOver(t, { storage: createLocalStorage(path.join(tinyDisk!, 'uploads')) });
    token = (await t.createStaff()).token;
    // Filled to the last page: in ever smaller pieces, until not one byte more goes in.
    const fd = fs.openSync(path.join(tinyDisk!, 'filler'), 'w');
    for (const size of [64 * 1024, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch {
        // ENOSPC: full at this size.
      }
    }
    fs.closeSync(fd);
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    execFileSync('umount', [tinyDisk!]);
    fs.rmSync(tinyDisk!, { recursive: true, force: true });
  });

  it('answers 507 saying nothing was saved, leaves no half file, and the probe says the disk is full', async () => {
    const before = await tableCounts(t);
    const res = await addWithPhoto(app, token, 'FULLDISK01');
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ message: SERVER.storageFull });
    expect(res.headers['retry-after']).toBe('60');
    expect(await tableCounts(t)).toEqual(before);
    expect(listFiles(path.join(tinyDisk!, 'uploads'))).toEqual([]);

    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'error', disk: 'full', failing: expect.arrayContaining(['disk']) });
  });
});
