import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createBackup } from '../../src/modules/operations/backups/backup.js';
import { runMaintenanceCommand } from '../../src/cli/maintenance.js';
import { openRuntime } from '../../src/runtime.js';
import { addApplicationWithFiles, captureIo, cliEnv, storedKeysOf } from '@visa/test-support/processes';
import { engine } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';

/**
 * Restore builds the data in a folder inside DATA_DIR, never beside it (the service's user may
 * write only DATA_DIR, ADR 0066), and a restore interrupted at any point leaves DATA_DIR either as
 * it was or, once the next start or restore settles it, restored.
 */
if (engine === 'sqlite') {
  describe('restore in place', () => {
    const t = appForFile();
    let work: string;
    let backup: string;
    let application: string;
    let n = 0;
    /** A parent folder with an empty DATA_DIR in it, as /var/lib/visa-desk is before a rollback's restore. */
    const target = () => {
      n += 1;
      const dataDir = path.join(work, `parent-${n}`, 'data');
      fs.mkdirSync(dataDir, { recursive: true });
      return dataDir;
    };
    const restore = async (dataDir: string) => {
      const io = captureIo(cliEnv(t.config, { DATA_DIR: dataDir }));
      const code = await runMaintenanceCommand('restore', [backup], io.io);
      return { code, stdout: io.stdout(), stderr: io.stderr() };
    };
    /** What a start on DATA_DIR finds: the application and whether each of its files is there. */
    const start = async (dataDir: string) => {
      const { db, storage } = await openRuntime(loadConfig({ DATA_DIR: dataDir, APP_SECRET: t.config.APP_SECRET!, LOG_LEVEL: 'silent' }));
      try {
        const rows = await db.selectFrom('applications').select('id').execute();
        const keys = rows.length ? await storedKeysOf(db, application) : [];
        return { applications: rows.map((r) => r.id), files: await Promise.all(keys.map((key) => storage.exists(key))) };
      } finally {
        await db.destroy();
      }
    };

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-restore-in-place-'));
      const staff = await t.createStaff();
      application = await addApplicationWithFiles((o: InjectOptions) => t.request({ ...o, token: staff.token }));
      backup = (await createBackup({ config: t.config, storage: t.storage, dir: path.join(work, 'backup') })).dir;
    });
    afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

    it('fills the empty DATA_DIR itself and leaves nothing beside it or inside it but the data', async () => {
      const dataDir = target();
      const done = await restore(dataDir);
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      expect(fs.readdirSync(path.dirname(dataDir))).toEqual(['data']);
      expect(fs.readdirSync(dataDir).sort()).toEqual(['outbox', 'uploads', 'visa.sqlite']);
      expect(await start(dataDir)).toEqual({ applications: [application], files: [true, true, true, true] });
    });

    it('a restore interrupted while filling its folder: the next start removes the folder and finds DATA_DIR as it was', async () => {
      const dataDir = target();
      fs.mkdirSync(path.join(dataDir, '.restoring-0badf00d', 'uploads'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, '.restoring-0badf00d', 'visa.sqlite'), 'half a database');
      expect(await start(dataDir)).toEqual({ applications: [], files: [] });
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([]);
    });

    it('the same, settled by the next restore instead, which then restores', async () => {
      const dataDir = target();
      fs.mkdirSync(path.join(dataDir, '.restoring-0badf00d'));
      fs.writeFileSync(path.join(dataDir, '.restoring-0badf00d', 'visa.sqlite'), 'half a database');
      expect((await restore(dataDir)).code).toBe(0);
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([]);
      expect(await start(dataDir)).toEqual({ applications: [application], files: [true, true, true, true] });
    });

    it('a restore interrupted while moving its finished folder into place: the next start finishes it', async () => {
      const whole = target();
      expect((await restore(whole)).code).toBe(0);
      // The finished folder as the crash left it: its uploads already moved, the database not yet.
      const dataDir = target();
      const built = path.join(dataDir, '.restored-0badf00d');
      fs.mkdirSync(built);
      fs.renameSync(path.join(whole, 'uploads'), path.join(dataDir, 'uploads'));
      for (const name of ['visa.sqlite', 'outbox']) fs.renameSync(path.join(whole, name), path.join(built, name));
      expect(await start(dataDir)).toEqual({ applications: [application], files: [true, true, true, true] });
      // Everything moved in (the start adds its migration lock beside the database).
      expect(
        fs
          .readdirSync(dataDir)
          .filter((name) => !name.endsWith('.migrate-lock'))
          .sort(),
      ).toEqual(['outbox', 'uploads', 'visa.sqlite']);
    });

    it('a DATA_DIR that cannot be made is refused with what to do, and nothing is written', async () => {
      const blocker = path.join(work, 'a-file');
      fs.writeFileSync(blocker, '');
      const io = captureIo(cliEnv(t.config, { DATA_DIR: path.join(blocker, 'data') }));
      expect(await runMaintenanceCommand('restore', [backup], io.io)).toBe(1);
      expect(io.stderr()).toContain(
        `DATA_DIR ${path.join(blocker, 'data')} does not exist and cannot be made here (ENOTDIR); nothing was restored.`,
      );
      expect(fs.readFileSync(blocker, 'utf8')).toBe('');
    });
  });
} else {
  // Restore rebuilds an SQLite DATA_DIR; with PostgreSQL the built-in backup is off.
  describe('restore with PostgreSQL', () => {
    const t = appForFile();
    it("is refused, naming PostgreSQL's own tools, and writes nothing in DATA_DIR or beside it", async () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-restore-pg-'));
      const dataDir = path.join(parent, 'data');
      fs.mkdirSync(dataDir);
      try {
        const io = captureIo(cliEnv(t.config, { DATA_DIR: dataDir }));
        expect(await runMaintenanceCommand('restore', [parent], io.io)).toBe(1);
        expect(io.stderr()).toContain('pg_restore');
        expect(fs.readdirSync(parent)).toEqual(['data']);
        expect(fs.readdirSync(dataDir)).toEqual([]);
      } finally {
        fs.rmSync(parent, { recursive: true, force: true });
      }
    });
  });
}
