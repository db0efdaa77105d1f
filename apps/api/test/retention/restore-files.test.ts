import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '@visa/test-support/file-app';
import { addApplicationWithFiles, captureIo, cliEnv, storedKeysOf } from '@visa/test-support/processes';
import { engine, listFiles } from '@visa/test-support/test-app';
import { runMaintenanceCommand } from '../../src/cli/maintenance.js';
import { dataDirLayout } from '../../src/infra/data-dir.js';

/**
 * A restore of a backup taken before an erasure (ADR 0064): the erasure log is applied to the
 * restored files as to its rows, so the applicant's emails in the mail folder, photo, thumbnail
 * and documents do not come back; nor does a mail file an earlier version left without its row.
 */

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-restore-files-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

// Backups and restore are SQLite's (PostgreSQL has its own tools).
describe.runIf(engine === 'sqlite')('restoring a backup taken before an erasure', () => {
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
      expect((await request({ method: 'PUT', url: `/api/application/updateApplicationApprove/${id}`, payload: {} })).statusCode).toBe(200);
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

    const backupDir = path.join(work, 'backup');
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

    restored = path.join(work, 'restored');
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
