import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationHistorySchema } from '@visa/shared/applicant-file';
import { ApplicationSchema } from '@visa/shared/applications';
import { DOCUMENT_MAX_BYTES } from '@visa/shared/constants';
import { IMPORT_FILE_REASONS as R } from '@visa/shared/import-texts';
import { documentInvalidType } from '@visa/shared/ui-texts';
import { createApplication } from '@visa/test-support/applications';
import { jpeg, pdf, png } from '@visa/test-support/images';
import { createTestApp, listFiles, type TestApp } from '@visa/test-support/test-app';
import { type AppContext, createAppContext } from '../../src/context.js';
import { dataDirLayout } from '../../src/infra/data-dir.js';
import { runImportFiles } from '../../src/modules/operations/import/files.js';
import { heldFiles } from '../../src/modules/operations/import/files-repository.js';
import { sweepFiles } from '../../src/modules/domain/files/sweep.js';

/** The earlier app's file host, on loopback: counts every request by path. */
function earlierApp() {
  const hits = new Map<string, number>();
  const files: Record<string, () => Promise<{ type: string; bytes: Buffer }>> = {
    '/photo.jpg': async () => ({ type: 'image/jpeg', bytes: await jpeg(800, 1000) }),
    '/scan.png': async () => ({ type: 'image/png', bytes: await png(300, 200) }),
    '/letter.jpg': async () => ({ type: 'image/jpeg', bytes: await jpeg(200, 300) }),
    '/contract.pdf': async () => ({ type: 'application/pdf', bytes: pdf() }),
    '/page.jpg': async () => ({ type: 'image/jpeg', bytes: Buffer.from('<!doctype html><html><body>Not found</body></html>') }),
  };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    const file = path.split('?')[0]!;
    if (file === '/slow.jpg') return; // never answers: the time-out ends it
    if (file === '/late.jpg') {
      // Answers, but only after a claim of a few hundred milliseconds would have lapsed.
      setTimeout(() => void jpeg(150, 150).then((b) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(b)), 600);
      return;
    }
    if (path === '/flaky.jpg' && count === 1) {
      res.writeHead(500).end();
      return;
    }
    if (path === '/flaky.jpg') void jpeg(150, 150).then((b) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(b));
    else if (path === '/big.jpg') {
      // No length announced: the cap must hold while the bytes arrive.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i <= DOCUMENT_MAX_BYTES / chunk.length; i++) res.write(chunk);
      res.end();
    } else if (files[file]) void files[file]().then(({ type, bytes }) => res.writeHead(200, { 'content-type': type }).end(bytes));
    else res.writeHead(404).end();
  });
  return {
    hits,
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let t: TestApp;
let ctx: AppContext;
let origin: string;
const host = earlierApp();
const quick = { concurrency: 3, timeoutMs: 400, attempts: 2, retryDelayMs: 10 };

beforeAll(async () => {
  t = await createTestApp({ IMPORT_ALLOW_PRIVATE_HOSTS: 'true' });
  ctx = createAppContext({ config: t.config, db: t.db, secret: t.config.APP_SECRET!, storage: t.storage, webRoot: null }, t.app.log);
  origin = await host.start();
});
afterAll(async () => {
  await host.stop();
  await t.close();
});

/** What the import command writes for an application of the earlier app: the record, then one row per address. */
async function imported(files: Record<string, string>) {
  const application = await createApplication(t.db);
  const rows = Object.entries(files).map(([field, url]) => ({
    application_id: application.id,
    field,
    url: url.startsWith('/') ? `${origin}${url}` : url,
    state: 'pending' as const,
    updated_at: new Date().toISOString(),
  }));
  await t.db.insertInto('import_files').values(rows).execute();
  return application.id;
}

const staffToken = async () => (await t.createStaff()).token;

async function applicationOf(id: string, token: string) {
  const res = await t.request({ method: 'GET', url: `/api/application/fetchApplication/${id}`, token });
  expect(res.statusCode).toBe(200);
  return ApplicationSchema.parse(res.json());
}

describe('the import files step', () => {
  it('brings in the photo and the documents in order, reports what is missing, and fetches nothing twice', async () => {
    const id = await imported({
      image: '/photo.jpg',
      file1: '/scan.png',
      file2: '/flaky.jpg',
      file3: '/contract.pdf',
      file4: '/gone.jpg',
      file5: '/page.jpg',
      file6: '/big.jpg',
    });
    const slowId = await imported({ image: '/slow.jpg', file1: 'ftp://files.example.com/visa.jpg' });
    const progress: number[] = [];

    const result = await runImportFiles(ctx, { ...quick, onProgress: (p) => progress.push(p.pending) });

    expect(result.stored).toBe(3);
    expect(result.missing).toBe(6);
    expect(progress.at(-1)).toBe(0);
    const problems = Object.fromEntries(result.problems.map((p) => [`${p.id === id ? 'a' : 'b'}.${p.field}`, p.reason]));
    expect(problems).toEqual({
      'a.file3': documentInvalidType('file3', 'application/pdf'),
      'a.file4': R.answered(404),
      'a.file5': documentInvalidType('file5', 'unknown'),
      'a.file6': R.tooLarge(DOCUMENT_MAX_BYTES),
      'b.image': R.gaveUp(2, R.timedOut(400)),
      'b.file1': R.notHttp,
    });
    expect(result.problems.every((p) => p.collection === 'applications')).toBe(true);
    // Retried: the 500 then the file; the slow one once per try; a 404 is not asked again.
    expect(host.hits.get('/flaky.jpg')).toBe(2);
    expect(host.hits.get('/slow.jpg')).toBe(2);
    expect(host.hits.get('/gone.jpg')).toBe(1);

    // Staff see the photo, its thumbnail and the documents, served through the API.
    const token = await staffToken();
    const application = await applicationOf(id, token);
    const photo = await t.request({ method: 'GET', url: application.image! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const thumb = await t.request({ method: 'GET', url: application.thumbnail! });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
    expect(application.documents.map((d) => d.label)).toEqual(['Other', 'Other']);
    const sizes = [];
    for (const d of application.documents) {
      const file = await t.request({ method: 'GET', url: d.url });
      expect(file.statusCode).toBe(200);
      sizes.push(await sharp(file.rawPayload).metadata());
    }
    expect(sizes.map((m) => [m.width, m.height])).toEqual([
      [300, 200],
      [150, 150],
    ]);
    expect((await applicationOf(slowId, token)).image).toBeNull();

    // The history says which file is missing and why, each when its worker settled it: in the
    // order the fetches ended, which the workers running side by side do not fix.
    const history = await t.request({ method: 'GET', url: `/api/application/applicationHistory/${id}`, token });
    const events = ApplicationHistorySchema.parse(history.json()).history;
    const byField = (a: { field?: unknown }, b: { field?: unknown }) => String(a.field).localeCompare(String(b.field));
    expect(
      events
        .filter((e) => e.action === 'application.import_file.missing')
        .map((e) => e.details)
        .sort(byField),
    ).toEqual([
      { field: 'file3', name: 'contract.pdf', reason: problems['a.file3'] },
      { field: 'file4', name: 'gone.jpg', reason: R.answered(404) },
      { field: 'file5', name: 'page.jpg', reason: problems['a.file5'] },
      { field: 'file6', name: 'big.jpg', reason: R.tooLarge(DOCUMENT_MAX_BYTES) },
    ]);
    expect(
      events
        .filter((e) => e.action === 'application.import_file.stored')
        .map((e) => e.details.field)
        .sort(),
    ).toEqual(['file1', 'file2', 'image']);

    // A second run fetches nothing and reports the same.
    const before = host.total();
    const again = await runImportFiles(ctx, quick);
    expect(host.total()).toBe(before);
    expect(again).toEqual(result);
  });

  it('two runs at once fetch each file once', async () => {
    const ids = await Promise.all([
      imported({ image: '/photo.jpg?claim=1', file1: '/letter.jpg?claim=1', file2: '/scan.png?claim=1' }),
      imported({ image: '/photo.jpg?claim=2', file1: '/letter.jpg?claim=2', file2: '/scan.png?claim=2' }),
    ]);
    await Promise.all([runImportFiles(ctx, { ...quick, concurrency: 2 }), runImportFiles(ctx, { ...quick, concurrency: 2 })]);
    const claimed = [...host.hits].filter(([path]) => path.includes('claim='));
    expect(claimed).toHaveLength(6);
    expect(claimed.every(([, n]) => n === 1)).toBe(true);
    const token = await staffToken();
    for (const id of ids) expect((await applicationOf(id, token)).documents).toHaveLength(2);
  });

  it('takes up a row whose run was killed once its claim lapsed, and the sweep removes the file that run left', async () => {
    const id = await imported({ file1: '/letter.jpg?killed' });
    // A run that claimed the row and wrote its file, then was killed before the transaction.
    await t.db
      .updateTable('import_files')
      .set({ claim: 'killed-run', claimed_until: new Date(Date.now() - 1000).toISOString(), attempts: 1 })
      .where('application_id', '=', id)
      .execute();
    await t.storage.put('private/doc-left-by-a-killed-run.jpg', await jpeg(50, 50), 'image/jpeg');

    await runImportFiles(ctx, quick);
    expect(host.hits.get('/letter.jpg?killed')).toBe(1);
    const row = await t.db.selectFrom('import_files').selectAll().where('application_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'stored', attempts: 2, claim: null });

    const sweep = await sweepFiles({ db: t.db, storage: t.storage, minAgeS: 0 });
    expect(sweep.removed).toEqual(['private/doc-left-by-a-killed-run.jpg']);
    // Everything the import attached is referenced and stays.
    expect(listFiles(dataDirLayout(t.dataDir).uploads).some((f) => f.includes('left-by'))).toBe(false);
    expect((await applicationOf(id, await staffToken())).documents).toHaveLength(1);
  });

  it('started again right after a kill, waits for the file the killed run held until its claim lapses, then finishes it', async () => {
    const id = await imported({ image: '/photo.jpg?held', file1: '/letter.jpg?held' });
    let now = new Date();
    // The killed run had the photo in hand: its claim lapses only minutes after the new run starts.
    await t.db
      .updateTable('import_files')
      .set({ claim: 'killed-run', claimed_until: new Date(now.getTime() + 3 * 60_000).toISOString(), attempts: 1 })
      .where('application_id', '=', id)
      .where('field', '=', 'image')
      .execute();
    const clocked = createAppContext(
      { config: t.config, db: t.db, secret: t.config.APP_SECRET!, storage: t.storage, webRoot: null, now: () => now },
      t.app.log,
    );
    const held: number[] = [];
    await runImportFiles(clocked, {
      ...quick,
      onHeld: (h) => held.push(h.files),
      wait: async (ms) => void (now = new Date(now.getTime() + ms)),
    });

    expect(held[0]).toBe(1);
    const rows = await t.db
      .selectFrom('import_files')
      .select(['field', 'state'])
      .where('application_id', '=', id)
      .orderBy('field')
      .execute();
    expect(rows).toEqual([
      { field: 'file1', state: 'stored' },
      { field: 'image', state: 'stored' },
    ]);
    const application = await applicationOf(id, await staffToken());
    expect(application.image).toMatch(/^\/files\/private\//);
    expect(application.documents).toHaveLength(1);
  });

  it('does not wait for a file it failed to bring in itself: that one is left under its own claim for a later run', async () => {
    const id = await imported({ file1: '/letter.jpg?own', file2: '/letter.jpg?other' });
    const now = new Date();
    const until = new Date(now.getTime() + 60_000).toISOString();
    for (const [field, claim] of [
      ['file1', 'this-run'],
      ['file2', 'another-run'],
    ] as const) {
      await t.db
        .updateTable('import_files')
        .set({ claim, claimed_until: until, attempts: 1 })
        .where('application_id', '=', id)
        .where('field', '=', field)
        .execute();
    }
    expect(await heldFiles(t.db, now, 'this-run')).toEqual({ count: 1, firstLapse: new Date(until) });
    expect(await heldFiles(t.db, now, 'another-run')).toEqual({ count: 1, firstLapse: new Date(until) });
    // Settled, so the runs after this test find nothing held.
    await t.db
      .updateTable('import_files')
      .set({ state: 'missing', claim: null, claimed_until: null })
      .where('application_id', '=', id)
      .execute();
    expect(await heldFiles(t.db, now, 'this-run')).toBeUndefined();
  });

  it('holds a claim half a minute at a time, renewed while the file is worked on: a killed run’s files are soon taken up, a live run’s never', async () => {
    const slowId = await imported({ image: '/late.jpg?held' });
    const now = new Date();
    const clocked = createAppContext(
      { config: t.config, db: t.db, secret: t.config.APP_SECRET!, storage: t.storage, webRoot: null, now: () => now },
      t.app.log,
    );
    const working = runImportFiles(clocked, { ...quick, timeoutMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const claimed = await t.db
      .selectFrom('import_files')
      .select('claimed_until')
      .where('application_id', '=', slowId)
      .executeTakeFirstOrThrow();
    expect(claimed.claimed_until).toBe(new Date(now.getTime() + 30_000).toISOString());
    await working;

    // A file that takes longer than a (here shortened) claim holds stays with the run working on it.
    const id = await imported({ image: '/late.jpg?renewed' });
    const options = { ...quick, timeoutMs: 5000, claimHoldMs: 150 };
    const first = runImportFiles(ctx, options);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await runImportFiles(ctx, options);
    await first;
    expect(host.hits.get('/late.jpg?renewed')).toBe(1);
    const row = await t.db
      .selectFrom('import_files')
      .select(['state', 'attempts'])
      .where('application_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'stored', attempts: 1 });
  });

  it('keeps a photo staff gave in this app before the earlier one arrived, and says so', async () => {
    const application = await createApplication(t.db, {}, { storage: t.storage });
    await t.db
      .insertInto('import_files')
      .values({
        application_id: application.id,
        field: 'image',
        url: `${origin}/photo.jpg?kept`,
        state: 'pending',
        updated_at: new Date().toISOString(),
      })
      .execute();
    const result = await runImportFiles(ctx, quick);
    expect(result.problems.find((p) => p.id === application.id)).toMatchObject({ field: 'image', reason: R.photoKept });
    const row = await t.db.selectFrom('applications').select('image_key').where('id', '=', application.id).executeTakeFirstOrThrow();
    expect(row.image_key).toBe(application.image_key);
    expect(await t.storage.exists(application.image_key!)).toBe(true);
  });

  it('keeps no file for an applicant erased before it arrived, and names none in the history', async () => {
    const application = await createApplication(t.db, {}, { storage: t.storage });
    await t.db
      .updateTable('applications')
      .set({ image_key: null, thumb_key: null, anonymised_at: new Date().toISOString() })
      .where('id', '=', application.id)
      .execute();
    for (const [field, url] of [
      ['image', `${origin}/photo.jpg?erased`],
      ['file1', `${origin}/letter.jpg?erased`],
    ] as const)
      await t.db
        .insertInto('import_files')
        .values({ application_id: application.id, field, url, state: 'pending', updated_at: new Date().toISOString() })
        .execute();
    const result = await runImportFiles(ctx, quick);
    const problems = result.problems.filter((p) => p.id === application.id).map((p) => [p.field, p.reason]);
    expect(problems.sort()).toEqual([
      ['file1', R.erased],
      ['image', R.erased],
    ]);
    // Nothing was fetched for them.
    expect(host.hits.get('/photo.jpg?erased')).toBeUndefined();
    expect(host.hits.get('/letter.jpg?erased')).toBeUndefined();
    const row = await t.db.selectFrom('applications').select('image_key').where('id', '=', application.id).executeTakeFirstOrThrow();
    expect(row.image_key).toBeNull();
    expect(await t.db.selectFrom('application_documents').select('id').where('application_id', '=', application.id).execute()).toEqual([]);
    const notes = await t.db.selectFrom('audit_events').select('details').where('entity_id', '=', application.id).execute();
    for (const note of notes) expect(note.details ?? '').not.toContain('erased.jpg');
  });

  it('refuses loopback and private addresses unless they are allowed, by address or by a name that resolves to one', async () => {
    const byName = origin.replace('127.0.0.1', 'localhost');
    const id = await imported({ file1: '/letter.jpg?private', file2: `${byName}/letter.jpg?private-name` });
    const result = await runImportFiles(ctx, { ...quick, allowPrivateHosts: false });
    expect(host.hits.get('/letter.jpg?private')).toBeUndefined();
    expect(host.hits.get('/letter.jpg?private-name')).toBeUndefined();
    expect(result.problems.filter((p) => p.id === id)).toEqual([
      { collection: 'applications', id, field: 'file1', reason: R.privateHost },
      { collection: 'applications', id, field: 'file2', reason: R.privateHost },
    ]);

    // Allowed (the setting this test app runs with), a name that resolves to loopback is fetched.
    const allowedId = await imported({ file1: `${byName}/letter.jpg?allowed-name` });
    await runImportFiles(ctx, quick);
    expect(host.hits.get('/letter.jpg?allowed-name')).toBe(1);
    expect((await applicationOf(allowedId, await staffToken())).documents).toHaveLength(1);
  });
});
