import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { runMaintenanceCommand } from '../../src/cli/maintenance.js';
import { sweepFiles } from '../../src/modules/domain/files/sweep.js';
import { createS3Storage } from '../../src/infra/storage/s3-storage.js';
import type { Storage } from '../../src/infra/storage/storage.js';
import { jpeg } from '@visa/test-support/images';
import { addApplicationWithFiles, captureIo, cliEnv, insertSlideWithImage, startS3rver, storedKeysOf } from '@visa/test-support/processes';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';

const HOUR_MS = 3_600_000;

/**
 * What a process killed between writing a file and committing its row leaves behind: a stored
 * file that no row references.
 */
async function strandedFile(storage: Storage): Promise<string> {
  const key = `private/${randomBytes(16).toString('hex')}.jpg`;
  await storage.put(key, await jpeg(16, 16), 'image/jpeg');
  return key;
}

async function allKeys(storage: Storage): Promise<string[]> {
  const keys = [];
  for await (const entry of storage.list()) keys.push(entry.key);
  return keys.sort();
}

describe('orphan sweep on local storage', () => {
  const t = appForFile();
  let referenced: string[];
  beforeAll(async () => {
    const { token } = await t.createStaff();
    const id = await addApplicationWithFiles((o) => t.request({ ...o, token }));
    referenced = [...(await storedKeysOf(t.db, id)), ...(await insertSlideWithImage(t.db, t.storage))];
    expect(referenced).toHaveLength(6);
  });

  it('removes a stranded file older than the minimum age, and never a referenced or a young one', async () => {
    const old = await strandedFile(t.storage);
    const young = await strandedFile(t.storage);
    // Two hours ago, as the file system records it.
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR_MS);
    fs.utimesSync(path.join(t.dataDir, 'uploads', old), twoHoursAgo, twoHoursAgo);
    // A temporary file left by a write killed before its rename.
    const temp = path.join(t.dataDir, 'uploads', '.tmp', 'half-written');
    fs.writeFileSync(temp, 'x');
    fs.utimesSync(temp, twoHoursAgo, twoHoursAgo);

    const result = await sweepFiles({ db: t.db, storage: t.storage });
    expect(result.orphans).toEqual([old]);
    expect(result.removed).toEqual([old]);
    expect(result.young).toBe(1);
    expect(result.referenced).toBe(referenced.length);
    expect(result.temp).toBe(1);
    expect(await allKeys(t.storage)).toEqual([...referenced, young].sort());
    expect(fs.existsSync(temp)).toBe(false);

    await t.storage.delete(young);
  });

  it('npm run admin -- sweep-files: --dry-run reports and keeps, a real run removes and prints what it removed', async () => {
    const stranded = await strandedFile(t.storage);
    const env = cliEnv(t.config);

    const dry = captureIo(env);
    expect(await runMaintenanceCommand('sweep-files', ['--min-age', '0', '--dry-run'], dry.io)).toBe(0);
    expect(dry.stdout()).toContain(`Stored files: ${referenced.length + 1} (${referenced.length} referenced`);
    expect(dry.stdout()).toContain(`Would remove ${stranded}`);
    expect(dry.stdout()).toContain('Dry run: nothing was removed.');
    expect(await t.storage.exists(stranded)).toBe(true);

    // Just written: younger than the default hour.
    const keep = captureIo(env);
    expect(await runMaintenanceCommand('sweep-files', [], keep.io)).toBe(0);
    expect(keep.stdout()).toContain('1 unreferenced but younger than 3600 s');
    expect(await t.storage.exists(stranded)).toBe(true);

    const run = captureIo(env);
    expect(await runMaintenanceCommand('sweep-files', ['--min-age', '0'], run.io)).toBe(0);
    expect(run.stdout()).toContain(`Removed ${stranded}`);
    expect(run.stdout()).toContain('Removed 1 orphaned files.');
    expect(await allKeys(t.storage)).toEqual([...referenced].sort());
  });

  it('refuses a bad --min-age without touching anything', async () => {
    const io = captureIo(cliEnv(t.config));
    expect(await runMaintenanceCommand('sweep-files', ['--min-age', 'soon'], io.io)).toBe(2);
    expect(io.stderr()).toContain('--min-age takes a whole number of seconds');
    expect(await runMaintenanceCommand('sweep-files', ['--older'], io.io)).toBe(2);
  });
});

describe('orphan sweep on S3 storage (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let t: TestApp;
  let app: FastifyInstance;
  let storage: Storage;
  let referenced: string[];
  beforeAll(async () => {
    s3 = await startS3rver();
    t = await createTestApp();
    // Pages of two objects, so listing the bucket has to follow continuation tokens.
    storage = createS3Storage(loadConfig({ ...cliEnv(t.config), ...s3.env }), { listPageSize: 2 });
    app = await buildApp({ config: t.config, db: t.db, secret: t.config.APP_SECRET!, storage, webRoot: null });
    await app.ready();
    const { token } = await t.createStaff();
    const inject = (o: InjectOptions) =>
      app.inject({ ...o, headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${token}` }, cookies: { 'XSRF-TOKEN': 'x' } });
    const id = await addApplicationWithFiles(inject);
    referenced = [...(await storedKeysOf(t.db, id)), ...(await insertSlideWithImage(t.db, storage))];
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    await s3.close();
  });

  it('lists every object through the paged listing and removes only the old stranded one', async () => {
    const stranded = await strandedFile(storage);
    expect(await allKeys(storage)).toEqual([...referenced, stranded].sort());

    // Just written: young, kept.
    const now = await sweepFiles({ db: t.db, storage });
    expect(now.removed).toEqual([]);
    expect(now.young).toBe(1);

    // Two hours later it is old enough; the referenced objects stay.
    const later = await sweepFiles({ db: t.db, storage, now: new Date(Date.now() + 2 * HOUR_MS) });
    expect(later.removed).toEqual([stranded]);
    expect(await allKeys(storage)).toEqual([...referenced].sort());
  });

  it('the CLI sweeps the bucket when STORAGE_DRIVER=s3', async () => {
    const stranded = await strandedFile(storage);
    const io = captureIo(cliEnv(t.config, s3.env));
    expect(await runMaintenanceCommand('sweep-files', ['--min-age', '0'], io.io)).toBe(0);
    expect(io.stdout()).toContain(`Removed ${stranded}`);
    expect(await allKeys(storage)).toEqual([...referenced].sort());
  });
});
