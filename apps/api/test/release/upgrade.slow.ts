import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@visa/test-support/ports';
import { addApplicationWithFiles } from '@visa/test-support/processes';
import { picture, slideFields, slideForm } from '../slides/fixtures.js';
import { buildRelease, onlyNode, repoRoot, runRelease, unpack, versionOf, waitForHealth } from './release-helpers.js';
import { client, fileUrls, previousRef, releaseOf, servedFiles } from './upgrade-helpers.js';

// An office upgrading: the previous release (the newest tag, or UPGRADE_FROM) runs on a data folder
// with staff, applications with photos and documents, and slides; it stops, a backup is taken, and
// this tree's release starts on the same folder, migrates under its lock, and serves every record
// and every file. A release older than the database refuses to start; the backup taken before the
// upgrade brings the old release back (the rollback in docs/deploy.md).

const OWNER = { email: 'owner@example.com', password: 'granite harbour 42' };
const CLERK = { name: 'Nadia Clerk', email: 'nadia@example.com', password: 'copper lantern 77' };
const FUTURE_MIGRATION = '29991231T000000-from-a-later-release';

let from: { ref: string; why: string };
let old: ReturnType<typeof releaseOf>;
let oldRelease: string;
let newRelease: string;
let dataDir: string;
let pathDir: string;
const cleanups: (() => void)[] = [];

beforeAll(() => {
  from = previousRef();
  old = releaseOf(from.ref);
  cleanups.push(old.remove);
  oldRelease = unpack(old.tarball);
  newRelease = unpack(buildRelease(repoRoot));
  dataDir = fs.mkdtempSync(path.join(path.dirname(newRelease), 'data-'));
  pathDir = onlyNode();
  for (const dir of [path.dirname(oldRelease), path.dirname(newRelease), pathDir])
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
}, 900_000);

afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

const env = async () => ({
  PORT: String(await freePort()),
  DATA_DIR: dataDir,
  APP_SECRET: 'an upgrade test secret of enough length',
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

/** Every record the office keeps and the checksum of every file they point at, as the staff app reads them. */
async function snapshot(base: string) {
  const owner = client(base);
  await owner.signIn(OWNER.email, OWNER.password);
  const list = await owner.request({ method: 'GET', url: '/api/application/fetchApplication' });
  expect(list.statusCode).toBe(200);
  const ids = [...new Set(JSON.stringify(list.json()).match(/"_id":"[0-9a-f]{24}"/g) ?? [])].sort();
  const applications = [];
  for (const id of ids) {
    const one = await owner.request({ method: 'GET', url: `/api/application/fetchApplication/${id.slice(7, -1)}` });
    if (one.statusCode === 200) applications.push(one.json() as Record<string, unknown>);
  }
  const users = await owner.request({ method: 'GET', url: '/api/users/get_users' });
  const slides = await fetch(`${base}/api/slider/fetchSlider`).then((r) => r.json() as Promise<unknown>);
  const urls = [...fileUrls(applications), ...fileUrls(slides)];
  return {
    applications: applications.map((a) => ({
      id: a._id,
      passport: a.passport,
      surname: a.surname,
      documents: (a.documents as unknown[]).length,
    })),
    staff: users.json(),
    files: await servedFiles(base, urls),
    urlCount: urls.length,
  };
}

describe('upgrading from the previous release', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  let backupDir: string;

  it('the previous release serves an office with staff, applications with files and slides', async () => {
    console.log(`upgrading from ${from.why}`);
    const server = runRelease(oldRelease, pathDir, await env(), ['start']);
    try {
      await waitForHealth(server);
      const owner = client(server.url);
      await owner.signIn(OWNER.email, OWNER.password);
      const clerk = await owner.request({ method: 'POST', url: '/api/users/add_user', payload: CLERK });
      expect(clerk.statusCode, clerk.body).toBe(201);
      for (let i = 0; i < 2; i += 1)
        await addApplicationWithFiles(owner.request as unknown as Parameters<typeof addApplicationWithFiles>[0]);
      const slide = await owner.request({
        method: 'POST',
        url: '/api/slider/addSlider',
        payload: slideForm(slideFields(), [{ file: await picture(800, 400) }]),
      });
      expect(slide.statusCode, slide.body).toBe(201);
      before = await snapshot(server.url);
    } finally {
      await server.stop();
    }
    expect(await server.exited).not.toBeNull();
    expect(before.applications).toHaveLength(2);
    expect(before.applications.every((a) => a.documents === 2)).toBe(true);
    // Each application's photo, thumbnail and two documents, and the slide's images.
    expect(before.urlCount).toBeGreaterThanOrEqual(2 * 4 + 1);
  });

  it('stopped, it is backed up with its own command', async () => {
    backupDir = path.join(path.dirname(newRelease), 'backup-before-upgrade');
    const backup = runRelease(oldRelease, pathDir, { DATA_DIR: dataDir, APP_SECRET: (await env()).APP_SECRET, LOG_LEVEL: 'silent' }, [
      'admin',
      'backup',
      backupDir,
    ]);
    expect(await backup.exited, backup.output()).toBe(0);
    expect(fs.existsSync(path.join(backupDir, 'SHA256SUMS'))).toBe(true);
  });

  it('this release starts on the same data, migrates, reports its version and serves every record and file', async () => {
    const server = runRelease(newRelease, pathDir, await env(), ['start']);
    let after: Awaited<ReturnType<typeof snapshot>>;
    try {
      const health = await waitForHealth(server);
      expect(health.version).toBe(versionOf(repoRoot));
      after = await snapshot(server.url);
      const clerk = client(server.url);
      await clerk.signIn(CLERK.email, CLERK.password);
    } finally {
      await server.stop();
    }
    expect(await server.exited, server.output()).toBe(0);
    expect(after.applications).toEqual(before.applications);
    expect(after.staff).toEqual(before.staff);
    expect(after.files).toEqual(before.files);
    expect(after.urlCount).toBe(before.urlCount);
  });

  it('a release older than the database refuses to start, in one line, and changes nothing', async () => {
    // What a later release leaves in the database: a migration this tree does not know.
    const db = new SQLite(path.join(dataDir, 'visa.sqlite'));
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(FUTURE_MIGRATION, new Date().toISOString());
    const migrations = () => db.prepare('select count(*) as n from kysely_migration').get() as { n: number };
    const count = migrations().n;
    for (const release of [newRelease, oldRelease]) {
      const server = runRelease(release, pathDir, await env(), ['start']);
      expect(await server.exited).toBe(1);
      const lines = server.output().trim().split('\n');
      expect(lines, release).toHaveLength(1);
      if (release === newRelease) {
        expect(lines[0]).toBe(
          `Start-up failed: this database was migrated by a newer release of Canada Visa Desk (1 migration(s) unknown to version ${versionOf(repoRoot)}, the latest ${FUTURE_MIGRATION}); start that release or a later one, or restore the backup taken before the upgrade`,
        );
      }
    }
    expect(migrations().n).toBe(count);
    db.close();
  });

  it('the backup taken before the upgrade brings the previous release back (the rollback)', async () => {
    const restored = fs.mkdtempSync(path.join(path.dirname(newRelease), 'restored-'));
    const restore = runRelease(oldRelease, pathDir, { DATA_DIR: restored, LOG_LEVEL: 'silent' }, ['admin', 'restore', backupDir]);
    expect(await restore.exited, restore.output()).toBe(0);
    const server = runRelease(oldRelease, pathDir, { ...(await env()), DATA_DIR: restored }, ['start']);
    let again: Awaited<ReturnType<typeof snapshot>>;
    try {
      await waitForHealth(server);
      again = await snapshot(server.url);
    } finally {
      await server.stop();
    }
    // Stopped (how gracefully is the earlier release's own business; this release's stops are checked above).
    expect(await server.exited).not.toBeNull();
    expect(again.applications).toEqual(before.applications);
    expect(again.files).toEqual(before.files);
  });
});
