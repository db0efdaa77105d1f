import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '@visa/test-support/ports';
import { addApplicationWithFiles } from '@visa/test-support/processes';
import { picture, slideFields, slideForm } from '../slides/fixtures.js';
import { onlyNode, openFolder, repoRoot, runRelease, serviceUser, unpack, versionOf, waitForHealth } from './release-helpers.js';
import { client, fileUrls, origins, releaseOf, servedFiles } from './upgrade-helpers.js';

// An office upgrading, as docs/deploy.md says, from the latest release and from the first: the
// earlier release runs on a data folder with staff, applications with photos and documents, and
// slides; it stops, is backed up with its own command, and this tree's release, unpacked beside
// it, starts on the same folder, migrates under its lock, and serves every record and every file.
// From the latest: a release older than the database refuses to start; the backup brings the
// earlier release back (the rollback), and this release's own restore works in place. Every
// release and command runs as a user of its own that may write its data folder and nothing beside
// it, as the systemd unit runs it (ADR 0066).

const OWNER = { email: 'owner@example.com', password: 'granite harbour 42' };
const CLERK = { name: 'Nadia Clerk', email: 'nadia@example.com', password: 'copper lantern 77' };
const FUTURE_MIGRATION = '29991231T000000-from-a-later-release';
const SECRET = 'an upgrade test secret of enough length';

const user = serviceUser();
const from = origins();
let version: string;
let newRelease: string;
const oldReleases: string[] = [];
let opt: string;
let pathDir: string;
const cleanups: (() => void)[] = [];

beforeAll(() => {
  // Every release unpacked beside the others, as in /opt/visa-desk: none may overwrite another.
  opt = openFolder('visa-opt-');
  pathDir = onlyNode();
  cleanups.push(() => fs.rmSync(opt, { recursive: true, force: true }));
  cleanups.push(() => fs.rmSync(pathDir, { recursive: true, force: true }));
  for (const origin of from) oldReleases.push(unpack(releaseOf(origin.ref), opt));
  newRelease = unpack(inject('builtRelease').tarball, opt);
  version = versionOf(repoRoot);
}, 900_000);

afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

/** Runs a release as the service's user and waits for it to exit; answers its output, failing on a non-zero exit. */
async function command(release: string, env: Record<string, string>, args: string[]): Promise<string> {
  const run = runRelease(release, pathDir, { APP_SECRET: SECRET, LOG_LEVEL: 'silent', ...env }, args, user.ids);
  expect(await run.exited, run.output()).toBe(0);
  return run.output();
}

/** Starts a release as the service's user on `dataDir`, runs `body` against it, and stops it. */
async function serving<T>(release: string, dataDir: string, body: (url: string, health: { version?: string }) => Promise<T>): Promise<T> {
  const env = {
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    APP_SECRET: SECRET,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  };
  const server = runRelease(release, pathDir, env, ['start'], user.ids);
  try {
    return await body(server.url, await waitForHealth(server));
  } finally {
    const code = await server.stop();
    // How gracefully an earlier release stops is its own business; this one's is checked.
    if (release === newRelease) expect(code, server.output()).toBe(0);
  }
}

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

/** Whether a release's `restore` builds in the data folder itself; those up to 1.1.0 build beside it (ADR 0066). */
const restoresInPlace = (release: string | null) => {
  const [major = 0, minor = 0] = (release ?? '0.0.0').split('.').map(Number);
  return major > 1 || (major === 1 && minor > 1);
};

describe.each(from.map((origin, i) => ({ origin, i, full: i === 0 })))('upgrading from $origin.why', ({ origin, i, full }) => {
  // /var/lib, which only root may write, with the service's data folder in it.
  let varLib: string;
  let dataDir: string;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let backup: string;
  const oldRelease = () => oldReleases[i]!;

  beforeAll(() => {
    varLib = openFolder('visa-var-lib-');
    cleanups.push(() => {
      fs.chmodSync(varLib, 0o755);
      fs.rmSync(varLib, { recursive: true, force: true });
    });
    dataDir = user.stateDir(path.join(varLib, 'visa-desk'));
    user.lock(varLib);
  });

  it('the earlier release serves an office with staff, applications with files and slides', async () => {
    console.log(`upgrading from ${origin.why}`);
    before = await serving(oldRelease(), dataDir, async (url) => {
      const owner = client(url);
      await owner.signIn(OWNER.email, OWNER.password);
      const clerk = await owner.request({ method: 'POST', url: '/api/users/add_user', payload: CLERK });
      expect(clerk.statusCode, clerk.body).toBe(201);
      for (let n = 0; n < 2; n += 1)
        await addApplicationWithFiles(owner.request as unknown as Parameters<typeof addApplicationWithFiles>[0]);
      const slide = await owner.request({
        method: 'POST',
        url: '/api/slider/addSlider',
        payload: slideForm(slideFields(), [{ file: await picture(800, 400) }]),
      });
      expect(slide.statusCode, slide.body).toBe(201);
      return snapshot(url);
    });
    expect(before.applications).toHaveLength(2);
    expect(before.applications.every((a) => a.documents === 2)).toBe(true);
    // Each application's photo, thumbnail and two documents, and the slide's images.
    expect(before.urlCount).toBeGreaterThanOrEqual(2 * 4 + 1);
  });

  it('stopped, it is backed up with its own command (into the data folder, as docs/deploy.md runs it)', async () => {
    const out = await command(oldRelease(), { DATA_DIR: dataDir }, ['admin', 'backup']);
    backup = /^Backup written to (.+)$/m.exec(out)?.[1] ?? '';
    expect(path.dirname(backup)).toBe(path.join(dataDir, 'backups'));
    expect(fs.existsSync(path.join(backup, 'SHA256SUMS'))).toBe(true);
  });

  it('this release starts on the same data, migrates, reports its version and serves every record and file', async () => {
    const after = await serving(newRelease, dataDir, async (url, health) => {
      expect(health.version).toBe(version);
      await client(url).signIn(CLERK.email, CLERK.password);
      return snapshot(url);
    });
    expect(after).toEqual(before);
    expect(fs.readdirSync(varLib)).toEqual(['visa-desk']);
  });

  it.runIf(full)('a release older than the database refuses to start, in one line, and changes nothing', async () => {
    // What a later release leaves in the database: a migration this tree does not know.
    const db = new SQLite(path.join(dataDir, 'visa.sqlite'));
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(FUTURE_MIGRATION, new Date().toISOString());
    const migrations = () => (db.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n;
    const count = migrations();
    db.close();
    user.giveBack(dataDir);
    for (const release of [newRelease, oldRelease()]) {
      const server = runRelease(
        release,
        pathDir,
        { PORT: String(await freePort()), DATA_DIR: dataDir, APP_SECRET: SECRET },
        ['start'],
        user.ids,
      );
      expect(await server.exited).toBe(1);
      const lines = server.output().trim().split('\n');
      expect(lines, release).toHaveLength(1);
      if (release === newRelease) {
        expect(lines[0]).toBe(
          `Start-up failed: this database was migrated by a newer release of Canada Visa Desk (1 migration(s) unknown to version ${version}, the latest ${FUTURE_MIGRATION}); start that release or a later one, or restore the backup taken before the upgrade`,
        );
      }
    }
    const again = new SQLite(path.join(dataDir, 'visa.sqlite'), { readonly: true });
    expect((again.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n).toBe(count);
    again.close();
  });

  /** docs/deploy.md's rollback, step 2: the data moved aside, a new empty folder, the backup restored into it. */
  const rollBack = async (release: string, inPlace: boolean) => {
    const aside = `${dataDir}.upgraded-${fs.readdirSync(varLib).length}`;
    user.asRoot(varLib, () => {
      fs.renameSync(dataDir, aside);
      user.stateDir(dataDir);
    });
    // The backup stays in the first folder moved aside: a restored folder holds no backups.
    if (backup.startsWith(`${dataDir}/`)) backup = path.join(aside, path.relative(dataDir, backup));
    const source = backup;
    if (inPlace) {
      await command(release, { DATA_DIR: dataDir }, ['admin', 'restore', source]);
    } else {
      // A release whose restore builds beside its DATA_DIR fails there: the service's user may not write it.
      const refused = runRelease(release, pathDir, { APP_SECRET: SECRET, DATA_DIR: dataDir }, ['admin', 'restore', source], user.ids);
      expect(await refused.exited).not.toBe(0);
      expect(refused.output()).toContain(`EACCES: permission denied, mkdir '${varLib}/.visa-desk.restoring-`);
      // So it restores into a folder inside it, which root then moves into place.
      await command(release, { DATA_DIR: path.join(dataDir, 'restored') }, ['admin', 'restore', source]);
      user.asRoot(varLib, () => {
        fs.renameSync(path.join(dataDir, 'restored'), `${dataDir}.restored`);
        fs.rmdirSync(dataDir);
        fs.renameSync(`${dataDir}.restored`, dataDir);
      });
    }
    // Nothing left beside the data folder but the migrated data moved aside.
    expect(fs.readdirSync(varLib).filter((name) => !name.includes('.upgraded-'))).toEqual(['visa-desk']);
  };

  it.runIf(full)('the backup taken before the upgrade brings the earlier release back (the rollback)', async () => {
    await rollBack(oldRelease(), restoresInPlace(origin.version));
    const again = await serving(oldRelease(), dataDir, async (url) => snapshot(url));
    expect(again.applications).toEqual(before.applications);
    expect(again.files).toEqual(before.files);
  });

  it.runIf(full)("this release's own restore rebuilds the data folder in place, as the service's user", async () => {
    await rollBack(newRelease, true);
    const again = await serving(newRelease, dataDir, async (url) => snapshot(url));
    expect(again).toEqual(before);
  });
});
