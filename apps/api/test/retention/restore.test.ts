import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/connection.js';
import { createStorage } from '../../src/infra/storage/create.js';
import { dataDirLayout } from '../../src/infra/data-dir.js';
import { createLocalStorage } from '../../src/infra/storage/local-storage.js';
import { runMaintenanceCommand } from '../../src/cli/maintenance.js';
import { erasePersonalData } from '../../src/modules/operations/retention/erase.js';
import { createApplication } from '@visa/test-support/applications';
import { appForFile } from '@visa/test-support/file-app';
import { addApplicationWithFiles, captureIo, cliEnv, startS3rver, storedKeysOf } from '@visa/test-support/processes';
import { engine, listFiles } from '@visa/test-support/test-app';

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-erasure-restore-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

if (engine === 'sqlite') {
  describe('an applicant erased after a backup stays erased when that backup is restored', () => {
    const t = appForFile();
    let erased: string;
    let kept: string;
    let erasedKeys: string[];
    let backupDir: string;
    let out: string;

    beforeAll(async () => {
      const owner = await t.createStaff('superadmin');
      const request = (o: InjectOptions) => t.request({ ...o, token: owner.token });
      erased = await addApplicationWithFiles(request);
      kept = await addApplicationWithFiles(request);
      // The case as the backup holds it: an IRCC number and a note, which the replay clears again.
      const step = await request({
        method: 'POST',
        url: `/api/application/case/${erased}/steps`,
        payload: { kind: 'submitted', date: '2026-01-05', irccNumber: 'W987654321', note: 'Uncle in Toronto sponsors' },
      });
      expect(step.statusCode, step.body).toBe(200);
      erasedKeys = await storedKeysOf(t.db, erased);
      expect(erasedKeys.length).toBeGreaterThan(1);
      backupDir = path.join(work, 'backup');
      const backup = captureIo(cliEnv(t.config));
      expect(await runMaintenanceCommand('backup', [backupDir], backup.io)).toBe(0);

      const passport = (await t.db.selectFrom('applications').select('passport').where('id', '=', erased).executeTakeFirstOrThrow())
        .passport;
      const res = await request({
        method: 'POST',
        url: `/api/application/eraseApplication/${erased}`,
        payload: { reason: 'Consent withdrawn by letter', confirmation: passport },
      });
      expect(res.statusCode).toBe(200);

      // The disk is lost: DATA_DIR moved aside, the backup restored into a new one with the old erasure log.
      const restored = path.join(work, 'restored');
      const io = captureIo(cliEnv({ ...t.config, dataDir: restored }));
      const code = await runMaintenanceCommand('restore', [backupDir, '--erasure-log', dataDirLayout(t.dataDir).erasures], io.io);
      expect(io.stderr()).toBe('');
      expect(code).toBe(0);
      out = io.stdout();
    });

    it('erases the applicant again, files too, and says so', async () => {
      expect(out).toContain('1 applicants erased after this backup were erased again (erasure log).');
      const restored = path.join(work, 'restored');
      const db = createDb({ kind: 'sqlite', file: dataDirLayout(restored).database });
      try {
        const row = await db.selectFrom('applications').selectAll().where('id', '=', erased).executeTakeFirstOrThrow();
        expect(row.anonymised_at).not.toBeNull();
        expect(row.surname).toBe('');
        expect([row.ircc_number, row.stage]).toEqual([null, 'submitted']);
        const steps = await db
          .selectFrom('case_steps')
          .select(['kind', 'occurred_on', 'note'])
          .where('application_id', '=', erased)
          .execute();
        expect(steps).toEqual([{ kind: 'submitted', occurred_on: '2026-01-05', note: '' }]);
        const other = await db.selectFrom('applications').selectAll().where('id', '=', kept).executeTakeFirstOrThrow();
        expect(other.anonymised_at).toBeNull();
        expect(other.surname).not.toBe('');
        const storage = createLocalStorage(dataDirLayout(restored).uploads);
        for (const key of erasedKeys) expect(await storage.exists(key)).toBe(false);
        for (const key of await storedKeysOf(db, kept)) expect(await storage.exists(key)).toBe(true);
      } finally {
        await db.destroy();
      }
      // The restored DATA_DIR carries the log on, for the next restore.
      expect(fs.readFileSync(dataDirLayout(restored).erasures, 'utf8')).toContain(erased);
    });

    it('also restores into a DATA_DIR that holds only its erasure log, and refuses a log that does not exist', async () => {
      const target = path.join(work, 'again');
      fs.mkdirSync(target);
      fs.copyFileSync(dataDirLayout(t.dataDir).erasures, dataDirLayout(target).erasures);
      const io = captureIo(cliEnv({ ...t.config, dataDir: target }));
      expect(await runMaintenanceCommand('restore', [backupDir], io.io)).toBe(0);
      expect(io.stdout()).toContain('1 applicants erased after this backup were erased again');
      const missing = captureIo(cliEnv({ ...t.config, dataDir: path.join(work, 'third') }));
      expect(await runMaintenanceCommand('restore', [backupDir, '--erasure-log', path.join(work, 'nope.log')], missing.io)).toBe(1);
      expect(missing.stderr()).toContain('does not exist');
    });

    it('finds the copy of the erasure log kept beside the backups when DATA_DIR was moved aside with its own', async () => {
      // The same backup, as the scheduled job keeps it: in the backups' folder, beside the log's copy.
      const kept = path.join(t.config.backupDir, 'before-the-erasure');
      fs.cpSync(backupDir, kept, { recursive: true });
      const io = captureIo(cliEnv({ ...t.config, dataDir: path.join(work, 'fresh') }));
      expect(await runMaintenanceCommand('restore', [kept], io.io)).toBe(0);
      expect(io.stdout()).toContain('1 applicants erased after this backup were erased again');
    });
  });
}

describe('erasing removes the files from an S3-compatible store', () => {
  const t = appForFile();
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    s3 = await startS3rver('visa-erasure');
  });
  afterAll(() => s3.close());

  it('deletes the photo and documents from the bucket, and leaves other applicants’ files', async () => {
    const storage = await createStorage(loadConfig({ DATA_DIR: t.dataDir, ...s3.env }));
    const gone = await createApplication(t.db, {}, { storage });
    const stays = await createApplication(t.db, {}, { storage });
    const doc = `private/doc-s3-${gone.id}.pdf`;
    await storage.put(doc, Buffer.from('%PDF-1.4'), 'application/pdf');
    await t.db
      .insertInto('application_documents')
      .values({
        id: `${gone.id.slice(0, 20)}beef`,
        application_id: gone.id,
        storage_key: doc,
        label: 'Passport',
        content_type: 'application/pdf',
        size: 8,
        position: 0,
        created_at: gone.created_at,
      })
      .execute();
    expect(await erasePersonalData({ db: t.db, storage, dataDir: t.dataDir }, gone.id, new Date('2030-01-01T00:00:00Z'), null)).toBe(true);
    expect(await storage.exists(gone.image_key!)).toBe(false);
    expect(await storage.exists(doc)).toBe(false);
    expect(await storage.exists(stays.image_key!)).toBe(true);
  });
});

// A backup taken before an erasure: the applicant's emails in the mail folder, photo, thumbnail and
// documents do not come back, nor does a mail file an earlier version left without its row.
if (engine === 'sqlite') {
  describe('a restore applies the erasure log to files too: mail, photo, thumbnail, documents (ADR 0064)', () => {
    const t = appForFile();
    const mailOf = async (id: string) =>
      (await t.db.selectFrom('outbox').select('id').where('application_id', '=', id).where('channel', '=', 'email').execute()).map(
        (r) => `${r.id}.eml`,
      );
    let restored: string;
    let gone: { id: string; mail: string[]; keys: string[]; email: string };
    let kept: { id: string; mail: string[]; keys: string[] };
    const leftover = '6a00000000000000000000ff.eml';

    beforeAll(async () => {
      const owner = await t.createStaff('superadmin');
      const request = (o: InjectOptions) => t.request({ ...o, token: owner.token });
      const added = async () => {
        const id = await addApplicationWithFiles(request);
        expect((await request({ method: 'PUT', url: `/api/application/updateApplicationApprove/${id}`, payload: {} })).statusCode).toBe(
          200,
        );
        await t.app.outbox.runOnce();
        return { id, mail: await mailOf(id), keys: await storedKeysOf(t.db, id) };
      };
      const first = await added();
      const email = (await t.db.selectFrom('applications').select('email').where('id', '=', first.id).executeTakeFirstOrThrow()).email;
      gone = { ...first, email };
      kept = await added();
      expect(gone.mail.length).toBeGreaterThan(0);
      // A message file whose row is gone, as an earlier version left them at an erasure.
      fs.writeFileSync(path.join(dataDirLayout(t.dataDir).outbox, leftover), `To: ${gone.email}\n\nHello`);

      const backupDir = path.join(work, 'files-backup');
      expect(await runMaintenanceCommand('backup', [backupDir], captureIo(cliEnv(t.config)).io)).toBe(0);
      expect(fs.readdirSync(path.join(backupDir, 'mail'))).toEqual(expect.arrayContaining([...gone.mail, leftover]));

      const passport = (await t.db.selectFrom('applications').select('passport').where('id', '=', gone.id).executeTakeFirstOrThrow())
        .passport;
      const erased = await request({
        method: 'POST',
        url: `/api/application/eraseApplication/${gone.id}`,
        payload: { reason: 'Asked to be forgotten', confirmation: passport },
      });
      expect(erased.statusCode).toBe(200);

      restored = path.join(work, 'files-restored');
      const io = captureIo(cliEnv({ ...t.config, dataDir: restored }));
      const code = await runMaintenanceCommand('restore', [backupDir, '--erasure-log', dataDirLayout(t.dataDir).erasures], io.io);
      expect(io.stderr()).toBe('');
      expect(code).toBe(0);
    });

    it('brings back none of the erased applicant’s files: mail, photo, thumbnail, documents', () => {
      const layout = dataDirLayout(restored);
      for (const name of [...gone.mail, leftover]) expect(fs.existsSync(path.join(layout.outbox, name)), name).toBe(false);
      for (const key of gone.keys) expect(fs.existsSync(path.join(layout.uploads, key)), key).toBe(false);
      for (const file of listFiles(restored).filter((f) => !/\.sqlite(-wal|-shm)?$/.test(f))) {
        expect(fs.readFileSync(path.join(restored, file), 'latin1').includes(gone.email), file).toBe(false);
      }
    });

    it('keeps every file of the other applicant', () => {
      const layout = dataDirLayout(restored);
      for (const name of kept.mail) expect(fs.existsSync(path.join(layout.outbox, name)), name).toBe(true);
      for (const key of kept.keys) expect(fs.existsSync(path.join(layout.uploads, key)), key).toBe(true);
    });
  });
}
