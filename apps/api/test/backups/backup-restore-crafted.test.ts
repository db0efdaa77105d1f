import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/modules/operations/backups/backup.js';
import { runMaintenanceCommand } from '../../src/cli/maintenance.js';
import { addApplicationWithFiles, captureIo, cliEnv } from '@visa/test-support/processes';
import { engine } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';

/**
 * Restore takes only what SHA256SUMS verified (ADR 0040). Backups crafted by someone who can write
 * the backup folder, checksums rewritten to match where that is possible, are refused with the
 * reason before anything is written: the target DATA_DIR stays as it was and nothing is left
 * beside it.
 */

interface Entry {
  path: string;
  size: number;
  sha256: string;
}

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const entryOf = (dir: string, rel: string): Entry => ({
  path: rel,
  size: fs.statSync(path.join(dir, rel)).size,
  sha256: sha(path.join(dir, rel)),
});

/** Rewrites the manifest as given, then SHA256SUMS over `listed` and the manifest, as a forger would. */
function reseal(dir: string, mutate: (files: Entry[]) => Entry[], listed?: (files: Entry[]) => string[]) {
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { files: Entry[] };
  manifest.files = mutate(manifest.files);
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  const rels = listed ? listed(manifest.files) : manifest.files.map((f) => f.path);
  const lines = [...rels, 'manifest.json'].map((rel) => `${sha(path.join(dir, rel))}  ${rel}\n`);
  fs.writeFileSync(path.join(dir, 'SHA256SUMS'), lines.join(''));
}

// Restore rebuilds an SQLite DATA_DIR (a PostgreSQL database is backed up by its own tools): the
// crafted backups are made and refused on SQLite; on PostgreSQL restore refuses before reading any.
if (engine === 'sqlite') {
  describe('restore refuses a crafted backup and writes nothing', () => {
    const t = appForFile();
    let work: string;
    let original: string;
    let n = 0;

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-crafted-'));
      const staff = await t.createStaff();
      const id = await addApplicationWithFiles((o: InjectOptions) => t.request({ ...o, token: staff.token }));
      await t.request({ method: 'PUT', url: `/api/application/updateApplicationReject/${id}`, token: staff.token });
      await t.app.outbox.runOnce();
      original = (await createBackup({ config: t.config, storage: t.storage, dir: path.join(work, 'original') })).dir;
      fs.writeFileSync(path.join(work, 'outside.eml'), 'From: someone\n\nnot from the backup\n');
    });
    afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

    /** A fresh copy of the good backup to tamper with. */
    const copy = () => {
      n += 1;
      const dir = path.join(work, `crafted-${n}`, 'backup');
      fs.cpSync(original, dir, { recursive: true });
      return dir;
    };

    /** Runs restore into a new DATA_DIR (missing, or `empty` if asked); answers stderr after checking nothing was written. */
    async function refused(dir: string, options: { empty?: boolean } = {}) {
      const parent = path.join(work, `target-${n}`);
      fs.mkdirSync(parent);
      const target = path.join(parent, 'data');
      if (options.empty) fs.mkdirSync(target);
      const io = captureIo(cliEnv(t.config, { DATA_DIR: target }));
      expect(await runMaintenanceCommand('restore', [dir], io.io)).toBe(1);
      expect(io.stderr()).toContain('nothing was restored');
      expect(fs.readdirSync(parent)).toEqual(options.empty ? ['data'] : []);
      if (options.empty) expect(fs.readdirSync(target)).toEqual([]);
      return io.stderr();
    }

    it('restores the untouched backup (the copies below differ from it only as they say)', async () => {
      const target = path.join(work, 'good-target');
      const io = captureIo(cliEnv(t.config, { DATA_DIR: target }));
      expect(await runMaintenanceCommand('restore', [copy()], io.io)).toBe(0);
      expect(fs.readdirSync(path.join(target, 'outbox')).length).toBeGreaterThan(0);
    });

    it('a manifest entry climbing out of the backup with ..', async () => {
      const dir = copy();
      const outside = entryOf(path.dirname(path.dirname(dir)), 'outside.eml');
      reseal(
        dir,
        (files) => [...files, { ...outside, path: 'mail/../../../outside.eml' }],
        (files) => files.filter((f) => !f.path.includes('..')).map((f) => f.path),
      );
      expect(await refused(dir)).toContain('listed in manifest.json but not in SHA256SUMS: mail/../../../outside.eml');
    });

    it('a .. path in SHA256SUMS', async () => {
      const dir = copy();
      fs.appendFileSync(path.join(dir, 'SHA256SUMS'), `${sha(path.join(work, 'outside.eml'))}  mail/../../../outside.eml\n`);
      expect(await refused(dir, { empty: true })).toContain('SHA256SUMS has a malformed line');
    });

    it('an absolute path in the manifest or in SHA256SUMS', async () => {
      const dir = copy();
      reseal(
        dir,
        (files) => [...files, { path: '/etc/passwd', size: 1, sha256: '0'.repeat(64) }],
        (files) => files.filter((f) => !f.path.startsWith('/')).map((f) => f.path),
      );
      expect(await refused(dir)).toContain('listed in manifest.json but not in SHA256SUMS: /etc/passwd');
      const other = copy();
      fs.appendFileSync(path.join(other, 'SHA256SUMS'), `${'0'.repeat(64)}  /etc/passwd\n`);
      expect(await refused(other)).toContain('SHA256SUMS has a malformed line');
    });

    it('a symbolic link to a file outside, listed with that file’s checksum', async () => {
      const dir = copy();
      fs.symlinkSync('/etc/passwd', path.join(dir, 'mail', 'passwd.eml'));
      reseal(dir, (files) => [...files, { path: 'mail/passwd.eml', size: 1, sha256: sha('/etc/passwd') }]);
      expect(await refused(dir)).toContain('not a regular file (a symbolic link or a device): mail/passwd.eml');
    });

    it('a folder that is a symbolic link to one outside', async () => {
      const dir = copy();
      const elsewhere = path.join(work, `elsewhere-${n}`);
      fs.renameSync(path.join(dir, 'mail'), elsewhere);
      fs.symlinkSync(elsewhere, path.join(dir, 'mail'));
      expect(await refused(dir)).toContain('not a regular file (a symbolic link or a device): mail');
    });

    it('a file in SHA256SUMS that the manifest does not list, or of a kind no backup holds', async () => {
      const dir = copy();
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'x');
      reseal(
        dir,
        (files) => files,
        (files) => [...files.map((f) => f.path), 'notes.txt'],
      );
      const stderr = await refused(dir);
      expect(stderr).toContain('not part of a backup: notes.txt');
      expect(stderr).toContain('not listed in manifest.json: notes.txt');
    });

    it('a manifest whose checksums disagree with SHA256SUMS', async () => {
      const dir = copy();
      reseal(dir, (files) => files.map((f) => (f.path === 'database.sqlite' ? { ...f, sha256: 'f'.repeat(64) } : f)));
      expect(await refused(dir)).toContain('manifest.json and SHA256SUMS disagree about: database.sqlite');
    });

    it('a manifest changed after SHA256SUMS was written', async () => {
      const dir = copy();
      const file = path.join(dir, 'manifest.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"format": 1', '"format": 1 '));
      expect(await refused(dir)).toContain('checksum mismatch: manifest.json');
    });

    it('an extra file nothing lists', async () => {
      const dir = copy();
      fs.writeFileSync(path.join(dir, 'mail', 'extra.eml'), 'x');
      expect(await refused(dir, { empty: true })).toContain('not in SHA256SUMS: mail/extra.eml');
    });
  });
} else {
  describe('restore of a crafted backup on PostgreSQL', () => {
    const t = appForFile();

    it('is refused before anything in it is read or written', async () => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-crafted-pg-'));
      try {
        const dir = path.join(work, 'backup');
        fs.mkdirSync(dir);
        fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ files: [{ path: '../escaped', size: 1, sha256: 'x' }] }));
        fs.symlinkSync('/etc/passwd', path.join(dir, 'visa.sqlite'));
        const target = path.join(work, 'restored');
        const io = captureIo(cliEnv(t.config, { DATA_DIR: target }));
        expect(await runMaintenanceCommand('restore', [dir], io.io)).toBe(1);
        expect(io.stderr()).toContain('restore rebuilds an SQLite DATA_DIR');
        expect(fs.existsSync(target)).toBe(false);
        expect(fs.existsSync(path.join(work, 'escaped'))).toBe(false);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    });
  });
}
