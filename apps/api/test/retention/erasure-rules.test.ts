import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { applicationFields, multipart } from '@visa/test-support/applications';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { jpeg } from '@visa/test-support/images';
import { engine } from '@visa/test-support/test-app';
import { captureIo, cliEnv } from '@visa/test-support/processes';
import { runMaintenanceCommand } from '../../src/cli/maintenance.js';
import { dataDirLayout, migrationLockFile } from '../../src/infra/data-dir.js';
import { createLocalStorage } from '../../src/infra/storage/local-storage.js';
import { PLACES, ROW_RULES, STORE_FOLDERS, TABLES_WITHOUT_APPLICANTS } from '../../src/modules/operations/retention/erasure-rules.js';

/**
 * Every place personal data can be written has an erasure rule (ADR 0064): a new table, a new
 * folder of DATA_DIR or a new folder of the store fails here until erasure-rules.ts says what
 * erasing an applicant does there.
 */

const t = appForFile();
const owner = staffForFile(t, 'superadmin');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-erasure-rules-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the erasure rules', () => {
  it('name every table of the database, each once', async () => {
    const tables =
      engine === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.db)
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(t.db);
    const names = tables.rows.map((r) => r.name).filter((name) => !name.startsWith('sqlite_') && !name.startsWith('kysely_migration'));
    const ruled = ROW_RULES.flatMap((rule) => rule.tables);
    const without = Object.keys(TABLES_WITHOUT_APPLICANTS);
    expect(new Set(ruled).size).toBe(ruled.length);
    expect(ruled.filter((name) => without.includes(name))).toEqual([]);
    expect([...ruled, ...without].sort()).toEqual([...names].sort());
  });

  it('name every folder and file the app writes under DATA_DIR', async () => {
    // A working DATA_DIR: an application with a photo, an email written to the mail folder, a backup.
    const add = await t.request({
      method: 'POST',
      url: '/api/application/addApplication',
      token: owner.token,
      payload: multipart(applicationFields(), { bytes: await jpeg(60, 40), name: 'photo.jpg', type: 'image/jpeg' }),
    });
    expect(add.statusCode, add.body).toBe(201);
    const id = add.json()._id as string;
    const status = await t.request({
      method: 'PUT',
      url: `/api/application/updateApplicationApprove/${id}`,
      token: owner.token,
      payload: {},
    });
    await t.app.outbox.runOnce();
    if (engine === 'sqlite') {
      expect(await runMaintenanceCommand('backup', [], captureIo(cliEnv(t.config)).io)).toBe(0);
    }
    expect(status.statusCode, status.body).toBeLessThan(300);

    const layout = dataDirLayout(t.dataDir);
    const named = new Map<string, string>(Object.entries(layout).map(([place, at]) => [path.resolve(at), place]));
    // The database's own sidecars are the database.
    for (const suffix of ['-wal', '-shm', '-journal']) named.set(path.resolve(`${layout.database}${suffix}`), 'database');
    named.set(path.resolve(migrationLockFile(layout.database)), 'database');
    for (const entry of fs.readdirSync(t.dataDir)) {
      const place = named.get(path.resolve(t.dataDir, entry));
      expect(place, `DATA_DIR/${entry} has no erasure rule`).toBeDefined();
    }
    expect(Object.keys(PLACES).sort()).toEqual(Object.keys(layout).sort());
  });

  it('name every folder of the store (the S3 bucket uses the same prefixes)', () => {
    const root = path.join(scratch, 'store');
    createLocalStorage(root);
    expect(fs.readdirSync(root).sort()).toEqual(Object.keys(STORE_FOLDERS).sort());
    expect(STORE_FOLDERS.private).toEqual({ traces: 'storageKeys' });
  });
});
