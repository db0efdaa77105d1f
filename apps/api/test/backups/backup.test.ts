import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Db, createDb, migrateToLatest } from '../../src/db/connection.js';
import { createBackup, pruneBackups } from '../../src/modules/operations/backups/backup.js';
import { verifyBackup } from '../../src/modules/operations/backups/backup-verify.js';
import { runMaintenanceCommand } from '../../src/cli/maintenance.js';
import { createLocalStorage } from '../../src/infra/storage/local-storage.js';
import type { Storage } from '../../src/infra/storage/storage.js';
import { addApplicationWithFiles, captureIo, cliEnv, storedKeysOf } from '@visa/test-support/processes';
import { engine } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';

const read = async (storage: Storage, key: string) => {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-backup-test-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

if (engine === 'sqlite') {
  describe('backup while writes are in flight, then restore into a new DATA_DIR', () => {
    const t = appForFile();
    let staff: { email: string; password: string; token: string };
    let acknowledged: string[];
    let backupDir: string;
    let restoredDir: string;
    beforeAll(async () => {
      staff = await t.createStaff();
      const request = (o: InjectOptions) => t.request({ ...o, token: staff.token });
      acknowledged = [];
      for (let i = 0; i < 3; i++) acknowledged.push(await addApplicationWithFiles(request));
      // An email written to the mail folder (no SMTP), so the backup has one to carry.
      await t.request({ method: 'PUT', url: `/api/application/updateApplicationReject/${acknowledged[0]}`, token: staff.token });
      await t.app.outbox.runOnce();

      // More applications arrive while the backup runs.
      const inFlight = Array.from({ length: 5 }, () => addApplicationWithFiles(request));
      backupDir = path.join(work, 'backup');
      const io = captureIo(cliEnv(t.config));
      const code = await runMaintenanceCommand('backup', [backupDir], io.io);
      expect(io.stderr()).toBe('');
      expect(code).toBe(0);
      expect(io.stdout()).toContain(`Backup written to ${backupDir}`);
      await Promise.all(inFlight);
      restoredDir = path.join(work, 'restored');
    });

    it('writes a manifest (time, version, migrations, counts, files) and checksums that verify', async () => {
      const { problems, manifest } = await verifyBackup(backupDir);
      expect(problems).toEqual([]);
      expect(manifest!.appVersion).toMatch(/^\d+\.\d+\.\d+/);
      expect(manifest!.migrations).toContain('20261123T070000-job-runs');
      expect(manifest!.counts.applications).toBeGreaterThanOrEqual(acknowledged.length);
      expect(manifest!.missing).toEqual([]);
      const paths = manifest!.files.map((f) => f.path);
      expect(paths).toContain('database.sqlite');
      expect(paths.some((p) => p.startsWith('mail/') && p.endsWith('.eml'))).toBe(true);
      for (const key of await storedKeysOf(t.db, acknowledged[0]!)) expect(paths).toContain(`files/${key}`);
      const sums = fs.readFileSync(path.join(backupDir, 'SHA256SUMS'), 'utf8');
      expect(sums).toContain('  manifest.json\n');
      // Personal files: readable by the owner only.
      expect(fs.statSync(path.join(backupDir, 'database.sqlite')).mode & 0o077).toBe(0);

      const io = captureIo(cliEnv(t.config));
      expect(await runMaintenanceCommand('verify-backup', [backupDir], io.io)).toBe(0);
      expect(io.stdout()).toContain('checksums match');
    });

    it('restores into an empty DATA_DIR; an app started on it has every acknowledged application with its photo and documents', async () => {
      const io = captureIo(cliEnv(t.config, { DATA_DIR: restoredDir }));
      expect(await runMaintenanceCommand('restore', [backupDir], io.io)).toBe(0);
      expect(io.stdout()).toContain(`into ${restoredDir}`);

      const config = loadConfig({ DATA_DIR: restoredDir, APP_SECRET: t.config.APP_SECRET!, LOG_LEVEL: 'silent' });
      const db: Db = createDb(config.database);
      await migrateToLatest(db);
      const storage = createLocalStorage(path.join(restoredDir, 'uploads'));
      const app: FastifyInstance = await buildApp({ config, db, secret: config.APP_SECRET!, storage, webRoot: null });
      await app.ready();
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/users/login',
          headers: { 'x-xsrf-token': 'x' },
          cookies: { 'XSRF-TOKEN': 'x' },
          payload: { email: staff.email, password: staff.password },
        });
        expect(login.statusCode).toBe(200);
        const token = (login.json() as { token: string }).token;

        for (const id of acknowledged) {
          const res = await app.inject({
            method: 'GET',
            url: `/api/application/fetchApplication/${id}`,
            headers: { authorization: `Bearer ${token}` },
          });
          expect(res.statusCode).toBe(200);
          const body = res.json() as { image: string; thumbnail: string; documents: { url: string }[] };
          expect(body.documents).toHaveLength(2);
          for (const url of [body.image, body.thumbnail, ...body.documents.map((d) => d.url)]) {
            expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
          }
          // Byte for byte what the running installation holds.
          for (const key of await storedKeysOf(db, id))
            expect((await read(storage, key))!.equals((await read(t.storage, key))!)).toBe(true);
        }
        // Whatever else the snapshot caught mid-flight is whole too: no row without its files.
        const ids = (await db.selectFrom('applications').select('id').execute()).map((r) => r.id);
        expect(ids.length).toBeGreaterThanOrEqual(acknowledged.length);
        for (const id of ids) for (const key of await storedKeysOf(db, id)) expect(await storage.exists(key)).toBe(true);
        // The mail folder came along.
        expect(fs.readdirSync(path.join(restoredDir, 'outbox')).some((f) => f.endsWith('.eml'))).toBe(true);
      } finally {
        await app.close();
        await db.destroy();
      }
    });

    it('refuses to restore into a DATA_DIR that is not empty, and changes nothing there', async () => {
      const busy = path.join(work, 'busy');
      fs.mkdirSync(busy);
      fs.writeFileSync(path.join(busy, 'keep.txt'), 'mine');
      const io = captureIo(cliEnv(t.config, { DATA_DIR: busy }));
      expect(await runMaintenanceCommand('restore', [backupDir], io.io)).toBe(1);
      expect(io.stderr()).toContain(`DATA_DIR ${busy} is not empty`);
      expect(fs.readdirSync(busy)).toEqual(['keep.txt']);
    });

    it('a tampered file fails verification, and restore refuses it', async () => {
      const copy = path.join(work, 'tampered');
      fs.cpSync(backupDir, copy, { recursive: true });
      const key = (await storedKeysOf(t.db, acknowledged[1]!))[0]!;
      const file = path.join(copy, 'files', key);
      const bytes = fs.readFileSync(file);
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
      fs.writeFileSync(file, bytes);

      const { problems } = await verifyBackup(copy);
      expect(problems).toEqual([`checksum mismatch: files/${key}`]);
      const target = path.join(work, 'never-restored');
      const io = captureIo(cliEnv(t.config, { DATA_DIR: target }));
      expect(await runMaintenanceCommand('restore', [copy], io.io)).toBe(1);
      expect(io.stderr()).toContain('failed verification; nothing was restored');
      expect(fs.existsSync(target)).toBe(false);

      // A file slipped in, or one taken away, fails too.
      fs.writeFileSync(file, fs.readFileSync(path.join(backupDir, 'files', key)));
      fs.writeFileSync(path.join(copy, 'extra.txt'), 'x');
      fs.rmSync(path.join(copy, 'manifest.json'));
      expect((await verifyBackup(copy)).problems).toEqual([
        'missing: manifest.json',
        'not in SHA256SUMS: extra.txt',
        'manifest.json is missing',
      ]);
    });

    it('refuses to write a backup into a folder that is not empty', async () => {
      const io = captureIo(cliEnv(t.config));
      expect(await runMaintenanceCommand('backup', [backupDir], io.io)).toBe(1);
      expect(io.stderr()).toContain('is not empty');
    });

    it('scheduled backups go to BACKUP_DIR under their time, and only the newest BACKUP_KEEP stay', async () => {
      const config = loadConfig(cliEnv(t.config, { BACKUP_DIR: path.join(work, 'scheduled') }));
      const made = [];
      for (const day of ['2026-01-01', '2026-01-02', '2026-01-03']) {
        made.push((await createBackup({ config, storage: t.storage, now: new Date(`${day}T03:00:00Z`) })).dir);
      }
      expect(made.map((d) => path.basename(d))).toEqual(['20260101T030000Z', '20260102T030000Z', '20260103T030000Z']);
      fs.mkdirSync(path.join(config.backupDir, 'notes')); // not a backup: never touched
      expect(await pruneBackups(config.backupDir, 2)).toEqual(['20260101T030000Z']);
      expect(fs.readdirSync(config.backupDir).sort()).toEqual(['20260102T030000Z', '20260103T030000Z', 'notes']);
    });
  });

  describe('backup with files on S3', () => {
    it('does not pretend: it explains the bucket tools and exits non-zero', async () => {
      const io = captureIo({ DATA_DIR: path.join(work, 's3'), STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9' });
      expect(await runMaintenanceCommand('backup', [], io.io)).toBe(1);
      expect(io.stderr()).toContain('bucket versioning');
      expect(fs.existsSync(path.join(work, 's3', 'backups'))).toBe(false);
    });
  });
} else {
  describe('backup on PostgreSQL', () => {
    const t = appForFile();

    it('does not pretend: it explains pg_dump and pg_restore and exits non-zero', async () => {
      const io = captureIo(cliEnv(t.config));
      expect(await runMaintenanceCommand('backup', [], io.io)).toBe(1);
      expect(io.stderr()).toContain('pg_dump');
      expect(io.stderr()).toContain('pg_restore');
      expect(fs.existsSync(t.config.backupDir)).toBe(false);
    });

    it('restore refuses too, saying why', async () => {
      const io = captureIo(cliEnv(t.config, { DATA_DIR: path.join(work, 'pg-restore') }));
      expect(await runMaintenanceCommand('restore', [work], io.io)).toBe(1);
      expect(io.stderr()).toContain('restore rebuilds an SQLite DATA_DIR');
    });
  });
}
