import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '@visa/test-support/applications';
import { jpeg } from '@visa/test-support/images';
import { buildApi } from '@visa/test-support/processes';
import { type TestApp, createTestApp, listFiles } from '@visa/test-support/test-app';
import { createAppContext } from '../../src/context.js';
import { dataDirLayout } from '../../src/infra/data-dir.js';
import { runImportFiles } from '../../src/modules/operations/import/files.js';
import { sweepFiles } from '../../src/modules/domain/files/sweep.js';

const APPLICATIONS = 6;
const KILLS = 3;
const CONCURRENCY = 2;

let t: TestApp;
let origin: string;
const hits = new Map<string, number>();
const server = http.createServer((req, res) => {
  hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
  // Slow enough that a kill finds files in every stage: being fetched, processed, written, committed.
  void sleep(30)
    .then(() => jpeg(120, 160))
    .then((bytes) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes));
});

const dist = pathToFileURL(path.resolve(import.meta.dirname, '../../dist')).href;

/** The files step in a process of its own, as the import command runs it. */
function childRun(env: Record<string, string>) {
  const script = `
    const { loadConfig } = await import('${dist}/config.js');
    const { createDb } = await import('${dist}/db/connection.js');
    const { createStorage } = await import('${dist}/infra/storage/create.js');
    const { createAppContext } = await import('${dist}/context.js');
    const { runImportFiles } = await import('${dist}/modules/operations/import/files.js');
    const config = loadConfig(process.env);
    const db = createDb(config.database);
    const storage = await createStorage(config);
    const quiet = () => {};
    const log = { level: 'silent', info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet, fatal: quiet, silent: quiet };
    log.child = () => log;
    const ctx = createAppContext({ config, db, secret: config.APP_SECRET, storage, webRoot: null }, log);
    await runImportFiles(ctx, { concurrency: ${CONCURRENCY}, timeoutMs: 5000, attempts: 1, retryDelayMs: 10 });
    await db.destroy();
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, exited };
}

beforeAll(async () => {
  buildApi();
  t = await createTestApp({ IMPORT_ALLOW_PRIVATE_HOSTS: 'true' });
  origin = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}, 120_000);
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('the import files step killed at any moment', () => {
  it('ends with every file attached exactly once, fetched again only when its run was killed with it in hand, and no file left over', async () => {
    const ids: string[] = [];
    for (let i = 0; i < APPLICATIONS; i++) {
      const { id } = await createApplication(t.db);
      ids.push(id);
      await t.db
        .insertInto('import_files')
        .values(
          ['image', 'file1', 'file2'].map((field) => ({
            application_id: id,
            field,
            url: `${origin}/${i}/${field}.jpg`,
            state: 'pending' as const,
            updated_at: new Date().toISOString(),
          })),
        )
        .execute();
    }
    const env = {
      DATA_DIR: t.dataDir,
      APP_SECRET: t.config.APP_SECRET!,
      LOG_LEVEL: 'silent',
      IMPORT_ALLOW_PRIVATE_HOSTS: 'true',
      ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
    };

    // Each process is killed (SIGKILL) a little later than the one before, once it has started fetching.
    for (let kill = 0; kill < KILLS; kill++) {
      const before = [...hits.values()].reduce((a, b) => a + b, 0);
      const run = childRun(env);
      while ([...hits.values()].reduce((a, b) => a + b, 0) === before && run.child.exitCode === null) await sleep(5);
      await sleep(40 + kill * 60);
      run.child.kill('SIGKILL');
      await run.exited;
    }

    // The killed runs' claims lapse; a later run (its clock past them) finishes the rest.
    const later = new Date(Date.now() + 60 * 60_000);
    const ctx = createAppContext(
      { config: t.config, db: t.db, secret: t.config.APP_SECRET!, storage: t.storage, webRoot: null, now: () => later },
      t.app.log,
    );
    const result = await runImportFiles(ctx, { concurrency: CONCURRENCY, timeoutMs: 5000, attempts: 1, retryDelayMs: 10 });
    expect(result).toEqual({ stored: APPLICATIONS * 3, missing: 0, problems: [] });

    for (const id of ids) {
      const row = await t.db.selectFrom('applications').select(['image_key', 'thumb_key']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.image_key).not.toBeNull();
      expect(row.thumb_key).not.toBeNull();
      const documents = await t.db.selectFrom('application_documents').select('position').where('application_id', '=', id).execute();
      expect(documents.map((d) => d.position).sort()).toEqual([0, 1]);
    }
    // Only a file in hand when its process was killed is fetched again: at most one per worker per kill.
    const fetched = [...hits.values()].reduce((a, b) => a + b, 0);
    expect(hits.size).toBe(APPLICATIONS * 3);
    expect(fetched).toBeLessThanOrEqual(APPLICATIONS * 3 + KILLS * CONCURRENCY);

    // Whatever a kill left in storage is unreferenced, and the sweep removes it; everything attached stays.
    await sweepFiles({ db: t.db, storage: t.storage, now: new Date(Date.now() + 2 * 60 * 60_000) });
    expect(listFiles(dataDirLayout(t.dataDir).uploads)).toHaveLength(APPLICATIONS * 4);
    // A further run fetches nothing.
    await runImportFiles(ctx, { concurrency: CONCURRENCY });
    expect([...hits.values()].reduce((a, b) => a + b, 0)).toBe(fetched);
  }, 120_000);
});
